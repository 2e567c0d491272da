import type { FieldPath } from './field-path.ts'
import type { Issue } from './issue.ts'

/** Keys that would reach an object's prototype instead of its own data. */
export const FORBIDDEN_SEGMENTS: readonly string[] = ['__proto__', 'constructor', 'prototype']

/**
 * Splits a dotted state path into segments; dots inside `{...}` placeholders
 * (`{customer.email}`) do not split. `undefined` when a brace is unbalanced.
 * @example
 * splitStatePath('orders.{order_id}.refund_count') // ['orders', '{order_id}', 'refund_count']
 */
export function splitStatePath(path: string): string[] | undefined {
  const segments: string[] = []
  let current = ''
  let depth = 0
  for (const char of path) {
    if (char === '{') depth++
    if (char === '}') depth--
    if (depth < 0 || depth > 1) return undefined
    if (char === '.' && depth === 0) {
      segments.push(current)
      current = ''
    } else {
      current += char
    }
  }
  if (depth !== 0) return undefined
  segments.push(current)
  return segments
}

/**
 * Problems of one state path: unbalanced braces, empty segments, segments that
 * reach the prototype. An empty path is left to the schema (`minLength`).
 * @example
 * statePathIssues('orders..x', ['tools', 0, 'handler', 'target'])
 */
export function statePathIssues(path: string, at: FieldPath): Issue[] {
  if (path === '') return []
  const segments = splitStatePath(path)
  if (!segments) {
    return [
      {
        path: at,
        message: `state path "${path}" has an unbalanced \`{\` or \`}\``,
        fix: 'write placeholders as `{argument}`, one pair of braces each',
      },
    ]
  }
  const issues: Issue[] = []
  if (segments.some((segment) => segment === '')) {
    issues.push({
      path: at,
      message: `state path "${path}" has an empty segment`,
      fix: 'separate keys with single dots and no leading or trailing dot, e.g. `orders.{order_id}.status`',
    })
  }
  for (const segment of segments) {
    if (FORBIDDEN_SEGMENTS.includes(segment)) issues.push(forbiddenIssue(segment, at, path))
  }
  return issues
}

/** Every object key below `value` (fixtures, overrides) that would reach the prototype. */
export function forbiddenKeyIssues(value: unknown, at: FieldPath): Issue[] {
  const issues: Issue[] = []
  const walk = (node: unknown, path: (string | number)[]) => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, [...path, index])
      return
    }
    if (node === null || typeof node !== 'object') return
    for (const [key, child] of Object.entries(node)) {
      if (FORBIDDEN_SEGMENTS.includes(key)) {
        issues.push({ ...forbiddenIssue(key, [...path, key]), at: 'key' })
      }
      walk(child, [...path, key])
    }
  }
  walk(value, [...at])
  return issues
}

function forbiddenIssue(segment: string, at: FieldPath, path?: string): Issue {
  const where =
    path === undefined ? `state key \`${segment}\`` : `state path "${path}" uses \`${segment}\``
  return {
    path: at,
    message: `${where}, which would reach the object prototype instead of the data`,
    fix: `rename the key; \`__proto__\`, \`constructor\` and \`prototype\` cannot be used in state`,
  }
}
