import { jsonEquals } from '../../core/canonical-json.ts'
import { isJsonObject, type JsonValue } from '../../core/json.ts'
import { readPath } from '../../core/state-path.ts'
import type { ListHandler } from '../../schema/twin-document.ts'
import { answer, notFoundAnswer, renderResponse } from '../answers.ts'
import { renderValue } from '../templates.ts'
import { answerPlan, type HandlerContext, locate, type Plan } from './context.ts'

/**
 * Lists the items of a collection (the values of an object map, or an array),
 * kept when every filter field equals its rendered value. A filter whose
 * value is absent in this call (an optional argument not passed) is skipped.
 */
export function planList(handler: ListHandler, context: HandlerContext): Plan {
  const tool = context.tool.name
  const collection = locate(context, handler.target)
  if (!collection.found) return answerPlan(notFoundAnswer(tool, collection.path))
  const value = collection.value
  let items: JsonValue[]
  if (Array.isArray(value)) items = value
  else if (isJsonObject(value)) {
    const keyAs = handler.keyAs
    items = keyAs
      ? Object.entries(value).map(([key, item]) =>
          isJsonObject(item) ? { [keyAs]: key, ...item } : { [keyAs]: key, value: item },
        )
      : Object.values(value)
  } else {
    return answerPlan(
      answer(500, {
        error: 'twin_not_a_collection',
        tool,
        path: collection.path,
        hint: 'A list target must be an object map or an array; check the twin fixtures.',
      }),
    )
  }

  const filters: [string, JsonValue][] = []
  for (const [field, template] of Object.entries(handler.filter ?? {})) {
    const expected = renderValue(template, context.scope)
    if (expected !== undefined) filters.push([field, expected])
  }
  const kept = items.filter((item) =>
    filters.every(([field, expected]) => {
      const actual = readPath(item, field)
      return actual.found && jsonEquals(actual.value, expected)
    }),
  )
  const scope = { ...context.scope, items: kept }
  return answerPlan(renderResponse(handler.response, scope, { status: 200, body: { items: kept } }))
}
