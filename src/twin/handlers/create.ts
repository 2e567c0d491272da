import { isJsonObject } from '../../core/json.ts'
import { readPath } from '../../core/state-path.ts'
import type { CreateHandler } from '../../schema/twin-document.ts'
import { answer, renderResponse } from '../answers.ts'
import { resolveEffect } from '../effects.ts'
import { renderPathTemplate, renderValue } from '../templates.ts'
import {
  answerPlan,
  failedPrecondition,
  type HandlerContext,
  locate,
  type Plan,
  valueAt,
} from './context.ts'

/**
 * Stores a new item in an object map under `key` (default `{$id}`).
 * Preconditions are checked against the tool's root (there is no target yet);
 * a taken key answers `conflict` (default 409). Default answer: 201 with the item.
 */
export function planCreate(handler: CreateHandler, context: HandlerContext): Plan {
  const tool = context.tool.name
  const collection = locate(context, handler.collection)
  if (collection.found && !isJsonObject(collection.value)) {
    return answerPlan(
      answer(500, {
        error: 'twin_not_a_collection',
        tool,
        path: collection.path,
        hint: 'A create collection must be an object map; check the twin fixtures.',
      }),
    )
  }
  const root = readPath(context.state, context.root)
  const failed = failedPrecondition(context, handler.preconditions, root.value ?? {}, undefined)
  if (failed) return failed

  const keySegments = renderPathTemplate(handler.key ?? '{$id}', context.scope)
  const key = keySegments.join('.')
  const segments = [...collection.segments, key]
  const itemPath = `${collection.path}.${key}`
  if (collection.found && Object.hasOwn(collection.value as object, key)) {
    const existing = (collection.value as Record<string, never>)[key]
    const scope = { ...context.scope, target: existing }
    const fallback = { status: 409, body: { error: 'conflict', tool, path: itemPath } }
    return answerPlan(renderResponse(handler.conflict, scope, fallback))
  }

  const value = renderValue(handler.value, context.scope) ?? null
  const more = (handler.effects ?? []).map((effect) =>
    resolveEffect(effect, context.root, { ...context.scope, target: value }),
  )
  return {
    effects: [{ op: 'set', path: segments, value }, ...more],
    respond: (state) => {
      const target = valueAt(state, segments)
      const scope = { ...context.scope, target }
      return renderResponse(handler.response, scope, { status: 201, body: target ?? null })
    },
  }
}
