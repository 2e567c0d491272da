import { isForbiddenSegment, pathProblems } from '../core/state-path.ts'
import type { FieldPath } from './field-path.ts'
import type { Issue } from './issue.ts'

/**
 * Problems of one state path, read by the same parser the runtime uses
 * (`core/state-path.ts`): unbalanced braces, empty segments, segments that
 * reach the prototype, a bad `["…"]` quote, and `*` outside a pattern. An
 * empty path is left to the schema (`minLength`).
 * @example
 * statePathIssues('orders..x', ['tools', 0, 'handler', 'target'])
 * statePathIssues('orders.*.at', ['volatile', 0], 'pattern') // []
 */
export function statePathIssues(
  path: string,
  at: FieldPath,
  kind: 'path' | 'pattern' = 'path',
): Issue[] {
  if (path === '') return []
  return pathProblems(path, kind).map((problem) => ({
    path: at,
    message: `state path "${path}" ${problem.says}`,
    fix: problem.fix,
  }))
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
      if (isForbiddenSegment(key)) {
        issues.push({ ...forbiddenIssue(key, [...path, key]), at: 'key' })
      }
      walk(child, [...path, key])
    }
  }
  walk(value, [...at])
  return issues
}

function forbiddenIssue(segment: string, at: FieldPath): Issue {
  return {
    path: at,
    message: `state key \`${segment}\`, which would reach the object prototype instead of the data`,
    fix: `rename the key; \`__proto__\`, \`constructor\` and \`prototype\` cannot be used in state`,
  }
}
