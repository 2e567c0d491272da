/** What every handler kind gets, and what it gives back: a plan of effects and how to answer. */

import type { TwinAnswer } from '../../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../../core/json.ts'
import type { TemplateValues } from '../../core/placeholders.ts'
import { formatPath, readPath } from '../../core/state-path.ts'
import type { Precondition, ResponseTemplate, ToolDefinition } from '../../schema/twin-document.ts'
import { notFoundAnswer, renderResponse } from '../answers.ts'
import { conditionHolds } from '../conditions.ts'
import type { ResolvedEffect } from '../effects.ts'
import { renderPathTemplate } from '../templates.ts'
import type { TwinAdapter } from '../types.ts'

export interface HandlerContext {
  tool: ToolDefinition
  /** The state to plan against. Handlers only read it; effects are applied by the twin. */
  state: JsonObject
  /** Absolute segments every path of the tool lives under: the tenant root, or none. */
  root: readonly string[]
  /** Arguments and call facts (`$id`, `$now`, `$seq`, `$tenant`). */
  scope: TemplateValues
  adapters: ReadonlyMap<string, TwinAdapter>
}

/**
 * A handler's decision for one call: the effects to apply (possibly none) and
 * how to answer from the state those effects leave behind. Keeping the two
 * apart lets the twin enact faults: apply nothing, some, twice, or later.
 */
export interface Plan {
  effects: ResolvedEffect[]
  respond(stateAfter: JsonObject): TwinAnswer
}

/** A plan without effects that always gives the same answer. */
export function answerPlan(answer: TwinAnswer): Plan {
  return { effects: [], respond: () => answer }
}

/** A templated path resolved under the tool's root. */
export interface Located {
  /** Absolute segments in the state. */
  segments: string[]
  /** The rendered path as the tool sees it (without the tenant root), for answers. */
  path: string
  found: boolean
  value?: JsonValue
}

export function locate(context: HandlerContext, template: string): Located {
  const relative = renderPathTemplate(template, context.scope)
  const segments = [...context.root, ...relative]
  const lookup = readPath(context.state, segments)
  return { segments, path: formatPath(relative), ...lookup }
}

/** The value at absolute segments in some state (e.g. the target after the effects). */
export function valueAt(state: JsonObject, segments: readonly string[]): JsonValue | undefined {
  const lookup = readPath(state, segments)
  return lookup.found ? lookup.value : undefined
}

export function notFoundPlan(
  context: HandlerContext,
  template: ResponseTemplate | undefined,
  path: string,
): Plan {
  const fallback = notFoundAnswer(context.tool.name, path)
  return answerPlan(renderResponse(template, context.scope, fallback))
}

/** The error answer of the first precondition that does not hold, if any. */
export function failedPrecondition(
  context: HandlerContext,
  preconditions: readonly Precondition[] | undefined,
  base: JsonValue,
  target: JsonValue | undefined,
): Plan | undefined {
  const scope = { ...context.scope, target }
  for (const precondition of preconditions ?? []) {
    if (conditionHolds(precondition, base, scope)) continue
    const fallback = { status: precondition.error.status, body: null }
    return answerPlan(renderResponse(precondition.error, scope, fallback))
  }
  return undefined
}

/** The existing target a handler changes, and the scope its templates see (`target` added). */
export interface ExistingTarget {
  target: Located
  scope: TemplateValues
}

/**
 * The target a `mutate` or `delete` handler works on, when it exists and every
 * precondition holds; otherwise the plan that answers instead (`notFound`, or
 * the first failing precondition's error).
 */
export function existingTarget(
  context: HandlerContext,
  handler: {
    target: string
    notFound?: ResponseTemplate
    preconditions?: readonly Precondition[]
  },
): ExistingTarget | { answer: Plan } {
  const target = locate(context, handler.target)
  if (!target.found) return { answer: notFoundPlan(context, handler.notFound, target.path) }
  const failed = failedPrecondition(context, handler.preconditions, target.value!, target.value)
  if (failed) return { answer: failed }
  return { target, scope: { ...context.scope, target: target.value } }
}
