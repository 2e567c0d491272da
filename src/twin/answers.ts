/** The twin's own answers: rendered response templates and the built-in error bodies. */

import { canonicalJson } from '../core/canonical-json.ts'
import type { TwinAnswer } from '../core/fault-model.ts'
import type { JsonValue } from '../core/json.ts'
import type { TemplateValues } from '../core/placeholders.ts'
import type { ResponseTemplate } from '../schema/twin-document.ts'
import { renderTemplate, renderValue } from './templates.ts'

/**
 * Renders a response template, or the default answer when there is none.
 * Header values are rendered like strings in the body.
 */
export function renderResponse(
  template: ResponseTemplate | undefined,
  scope: TemplateValues,
  fallback: { status: number; body: JsonValue },
): TwinAnswer {
  if (!template) return { status: fallback.status, body: fallback.body, headers: {} }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(template.headers ?? {})) {
    const rendered = renderValue(value, scope)
    if (rendered === undefined) continue
    headers[name.toLowerCase()] = typeof rendered === 'string' ? rendered : canonicalJson(rendered)
  }
  const body = template.body === undefined ? null : renderTemplate(template.body, scope)
  return { status: template.status, body, headers }
}

/** A fixed answer (no template). */
export function answer(status: number, body: JsonValue): TwinAnswer {
  return { status, body, headers: {} }
}

/** Default 404 when a target (or the tenant root) does not exist. */
export function notFoundAnswer(tool: string, path: string): TwinAnswer {
  return answer(404, { error: 'not_found', tool, path })
}

/** 400 for arguments the tool cannot take, with what to change. */
export function invalidArgumentsAnswer(
  tool: string,
  problems: { path: string; message: string }[],
  hint: string,
): TwinAnswer {
  return answer(400, { error: 'invalid_arguments', tool, problems, hint })
}

/** 500 when an effect cannot run on the state; nothing was changed. */
export function effectFailedAnswer(tool: string, path: string, message: string): TwinAnswer {
  return answer(500, {
    error: 'twin_effect_failed',
    tool,
    path,
    message,
    hint: 'The twin rolled this call back; nothing changed. Check the fixtures or the effect in the twin document.',
  })
}

/** Whether an answer is a 2xx. */
export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300
}
