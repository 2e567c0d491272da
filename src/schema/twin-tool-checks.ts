import { isJsonObject } from '../core/json.ts'
import type { TemplateSite } from '../core/placeholders.ts'
import { isForbiddenSegment } from '../core/state-path.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems, stringLeaves } from './guards.ts'
import type { Issue } from './issue.ts'
import { forbiddenKeyIssues, statePathIssues } from './state-paths.ts'
import { templateIssues } from './templates.ts'
import { inputSchemaError } from './validators.ts'

const CONDITION_OPERATORS = ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'in', 'exists']

/**
 * The checks of one tool that its schema cannot make: a compiling object input
 * schema, declared arguments behind every placeholder and the idempotency
 * argument, well-formed state paths that never reach the prototype.
 * @example
 * toolIssues(document.tools[0], ['tools', 0])
 */
export function toolIssues(tool: Record<string, unknown>, at: FieldPath): Issue[] {
  const name = typeof tool.name === 'string' ? tool.name : `#${String(at.at(-1))}`
  const { issues, argumentNames } = inputIssues(tool.input, [...at, 'input'])
  const handler = isJsonObject(tool.handler) ? tool.handler : {}
  const kind = handler.kind
  const unavailable: Record<string, string> = {}
  if (kind !== 'list') unavailable.$items = '`{$items}` exists only in a `list` handler'
  if (kind === 'static') unavailable.$target = 'a `static` handler has no target'
  if (typeof tool.tenantPath !== 'string') unavailable.$tenant = 'the tool has no `tenantPath`'
  const scope: TemplateSite = { tool: name, argumentNames, unavailable }

  const idempotency = isJsonObject(tool.idempotency) ? tool.idempotency.argument : undefined
  if (typeof idempotency === 'string' && !argumentNames.includes(idempotency)) {
    issues.push({
      path: [...at, 'idempotency', 'argument'],
      message: `the idempotency argument \`${idempotency}\` is not an argument of tool \`${name}\``,
      fix: `declare \`${idempotency}\` under the tool's \`input.properties\` (a string the caller reuses on retries)`,
    })
  }
  if (typeof tool.tenantPath === 'string') {
    issues.push(...statePathIssues(tool.tenantPath, [...at, 'tenantPath']))
    issues.push(...templateIssues(tool.tenantPath, [...at, 'tenantPath'], scope))
  }
  if (typeof tool.effectKey === 'string') {
    issues.push(...templateIssues(tool.effectKey, [...at, 'effectKey'], scope))
  }
  const http = isJsonObject(tool.http) ? tool.http : undefined
  if (typeof http?.path === 'string') {
    issues.push(
      ...templateIssues(http.path, [...at, 'http', 'path'], {
        ...scope,
        unavailable: Object.fromEntries(
          ['$id', '$now', '$seq', '$target', '$tenant', '$items'].map((special) => [
            special,
            'a URL path takes arguments only',
          ]),
        ),
      }),
    )
  }
  if (kind !== 'adapter') issues.push(...handlerIssues(handler, [...at, 'handler'], scope))
  return issues
}

function inputIssues(input: unknown, at: FieldPath): { issues: Issue[]; argumentNames: string[] } {
  if (!isJsonObject(input)) return { issues: [], argumentNames: [] }
  const issues: Issue[] = []
  if (input.type !== 'object') {
    issues.push({
      path: 'type' in input ? [...at, 'type'] : at,
      at: 'type' in input ? 'value' : 'key',
      message: 'the input schema must describe an object (the call arguments)',
      fix: 'write `type: object` and the arguments under `properties`',
    })
  }
  const error = inputSchemaError(input)
  if (error !== undefined) {
    issues.push({
      path: at,
      at: 'key',
      message: `the input schema does not compile: ${error}`,
      fix: 'fix the JSON Schema (unknown keywords are errors, so a misspelt keyword is caught)',
    })
  }
  const argumentNames = isJsonObject(input.properties) ? Object.keys(input.properties) : []
  return { issues, argumentNames }
}

function handlerIssues(
  handler: Record<string, unknown>,
  at: FieldPath,
  scope: TemplateSite,
): Issue[] {
  const issues: Issue[] = []
  for (const field of ['target', 'collection']) {
    const path = handler[field]
    if (typeof path === 'string') issues.push(...statePathIssues(path, [...at, field]))
  }
  if (typeof handler.key === 'string' && isForbiddenSegment(handler.key)) {
    issues.push(...statePathIssues(handler.key, [...at, 'key']))
  }
  issues.push(...forbiddenKeyIssues(handler.value, [...at, 'value']))
  for (const [index, effect] of recordItems(handler.effects)) {
    if (typeof effect.path === 'string') {
      issues.push(...statePathIssues(effect.path, [...at, 'effects', index, 'path']))
    }
    issues.push(...keyIssues(effect.where, [...at, 'effects', index, 'where']))
    issues.push(...forbiddenKeyIssues(effect.value, [...at, 'effects', index, 'value']))
  }
  for (const [index, condition] of recordItems(handler.preconditions)) {
    const conditionAt = [...at, 'preconditions', index]
    if (typeof condition.path === 'string') {
      issues.push(...statePathIssues(condition.path, [...conditionAt, 'path']))
    }
    if (!CONDITION_OPERATORS.some((operator) => operator in condition)) {
      issues.push({
        path: conditionAt,
        message: 'the precondition compares nothing',
        fix: `add one of \`${CONDITION_OPERATORS.join('`, `')}\``,
      })
    }
  }
  issues.push(...keyIssues(handler.filter, [...at, 'filter']))
  for (const [path, text] of stringLeaves(handler, at, ['kind', 'op'])) {
    issues.push(...templateIssues(text, path, scope))
  }
  return issues
}

/** Item fields named by `filter` / `where` keys must not reach the prototype either. */
function keyIssues(value: unknown, at: FieldPath): Issue[] {
  if (!isJsonObject(value)) return []
  return Object.keys(value)
    .filter(isForbiddenSegment)
    .map((key) => ({
      path: [...at, key],
      at: 'key' as const,
      message: `field \`${key}\` would reach the object prototype instead of the data`,
      fix: 'rename the field',
    }))
}
