import { isJsonObject } from '../core/json.ts'
import { parsePath } from '../core/state-path.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems, stringItems } from './guards.ts'
import type { Issue } from './issue.ts'
import { statePathIssues } from './state-paths.ts'

const CHECK_NAMES = [
  'equals',
  'matches',
  'exists',
  'gt',
  'gte',
  'lt',
  'lte',
  'increasedBy',
  'decreasedBy',
] as const

const ENTITY_SEGMENT = '{entity}'
const WHOLE_PLACEHOLDER = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/

/**
 * What the JSON Schema cannot say about a `contract.v1` document: the entity
 * path has exactly one `{entity}` segment, every path is safe, each condition
 * gives exactly one check, relative checks name one argument, no tool twice.
 * @example
 * contractIssues(parsed.value) // [{ path: ['entity_ref', 'path'], message: ... }]
 */
export function contractIssues(contract: Record<string, unknown>): Issue[] {
  const issues: Issue[] = []
  const entity = contract.entity_ref
  if (isJsonObject(entity) && typeof entity.path === 'string') {
    issues.push(...entityPathIssues(entity.path, ['entity_ref', 'path']))
  }
  for (const key of ['precondition', 'expected_postcondition'] as const) {
    for (const [index, condition] of recordItems(contract[key])) {
      issues.push(...conditionIssues(condition, [key, index]))
    }
  }
  const action = contract.allowed_action
  if (isJsonObject(action))
    issues.push(...duplicateIssues(action.tools, ['allowed_action', 'tools']))
  for (const key of ['volatile', 'sensitive'] as const) {
    for (const [index, path] of stringItems(contract[key])) {
      issues.push(...pathIssues(path, [key, index], 'pattern'))
    }
  }
  const receipt = contract.receipt_type
  if (isJsonObject(receipt) && typeof receipt.field === 'string') {
    issues.push(...pathIssues(receipt.field, ['receipt_type', 'field']))
  }
  return issues
}

function entityPathIssues(path: string, at: FieldPath): Issue[] {
  const issues = statePathIssues(path, at)
  const parsed = parsePath(path)
  // A path the parser refuses is already reported above; counting its holes would only repeat that.
  if (!parsed.ok) return issues
  const segments = parsed.segments
  const holes = segments.filter((segment) => segment === ENTITY_SEGMENT).length
  const others = segments.filter((s) => s !== ENTITY_SEGMENT && s.includes('{'))
  if (holes !== 1 || others.length > 0) {
    issues.push({
      path: at,
      message:
        others.length > 0
          ? `the entity path "${path}" has placeholders other than \`{entity}\` (${others.join(', ')})`
          : `the entity path "${path}" has ${holes} \`{entity}\` segments; it needs exactly one`,
      fix: 'write where the entity lives with one `{entity}` segment, e.g. `orders.{entity}`',
    })
  }
  return issues
}

function conditionIssues(condition: Record<string, unknown>, at: FieldPath): Issue[] {
  const issues: Issue[] = []
  if (typeof condition.path === 'string')
    issues.push(...pathIssues(condition.path, [...at, 'path']))
  const given = CHECK_NAMES.filter((name) => condition[name] !== undefined)
  if (given.length !== 1) {
    issues.push({
      path: at,
      message:
        given.length === 0
          ? 'the condition gives no check'
          : `the condition gives ${given.length} checks (${given.join(', ')})`,
      fix: `give exactly one of ${CHECK_NAMES.join(', ')}; write two conditions to check two things`,
    })
  }
  for (const name of ['increasedBy', 'decreasedBy'] as const) {
    const value = condition[name]
    if (typeof value === 'string' && !WHOLE_PLACEHOLDER.test(value)) {
      issues.push({
        path: [...at, name],
        message: `${name} "${value}" is neither a number nor one placeholder`,
        fix: 'give a number, or the executed action argument to compare with, e.g. "{amount}"',
      })
    }
  }
  return issues
}

/** A path relative to the entity: no placeholders, no empty or prototype segments. */
function pathIssues(path: string, at: FieldPath, kind: 'path' | 'pattern' = 'path'): Issue[] {
  if (path.includes('{') || path.includes('}')) {
    return [
      {
        path: at,
        message: `"${path}" holds a placeholder; paths here are plain keys relative to the entity`,
        fix: 'write the path without braces, e.g. `shipment.status`',
      },
    ]
  }
  return statePathIssues(path, at, kind)
}

function duplicateIssues(value: unknown, at: FieldPath): Issue[] {
  const seen = new Set<string>()
  const issues: Issue[] = []
  for (const [index, name] of stringItems(value)) {
    if (seen.has(name)) {
      issues.push({
        path: [...at, index],
        message: `the tool "${name}" is listed twice`,
        fix: 'list each tool once',
      })
    }
    seen.add(name)
  }
  return issues
}
