import { checkpointItems, conversationIssues } from './conversation-checks.ts'
import { VALUE_CHECK_KEYS } from './expectation-schema.ts'
import { type FieldPath, formatFieldPath } from './field-path.ts'
import { recordItems, stringItems } from './guards.ts'
import type { Issue } from './issue.ts'
import { forbiddenKeyIssues, statePathIssues } from './state-paths.ts'
import { listWords } from './suggest.ts'

/**
 * The checks of a `scenario.v1` document that its JSON Schema cannot make and
 * that need no twin: unique ids, one value check per expectation, regular
 * expressions that compile, well-formed state paths.
 * @example
 * scenarioIssues(parsed.value)
 */
export function scenarioIssues(scenario: Record<string, unknown>): Issue[] {
  const issues: Issue[] = []
  issues.push(...forbiddenKeyIssues(scenario.state, ['state']))
  const expectations: [FieldPath, Record<string, unknown>][] = [
    ...recordItems(scenario.expectations).map(
      ([index, item]): [FieldPath, Record<string, unknown>] => [['expectations', index], item],
    ),
    ...checkpointItems(scenario),
  ]
  issues.push(...duplicateIdIssues(expectations, 'expectation'))
  issues.push(
    ...duplicateIdIssues(
      recordItems(scenario.faults).map(([index, item]) => [['faults', index], item]),
      'fault rule',
    ),
  )
  for (const [at, expectation] of expectations) {
    issues.push(...expectationIssues(expectation, at))
  }
  issues.push(...conversationIssues(scenario))
  return issues
}

function duplicateIdIssues(items: [FieldPath, Record<string, unknown>][], what: string): Issue[] {
  const firstAt = new Map<string, FieldPath>()
  const issues: Issue[] = []
  for (const [at, item] of items) {
    if (typeof item.id !== 'string') continue
    const first = firstAt.get(item.id)
    if (first === undefined) firstAt.set(item.id, at)
    else {
      issues.push({
        path: [...at, 'id'],
        message: `${what} id \`${item.id}\` is used twice (first by ${formatFieldPath(first)})`,
        fix: `give every ${what} its own id; reports, overrides and comparisons refer to it`,
      })
    }
  }
  return issues
}

function expectationIssues(expectation: Record<string, unknown>, at: FieldPath): Issue[] {
  const issues: Issue[] = []
  const type = expectation.type
  if (typeof expectation.path === 'string' && expectation.path !== '') {
    issues.push(...statePathIssues(expectation.path, [...at, 'path']))
  }
  for (const [index, path] of stringItems(expectation.allow)) {
    issues.push(...statePathIssues(path, [...at, 'allow', index], 'pattern'))
  }
  if (type === 'state' || type === 'outcomeVerified') {
    issues.push(...valueCheckIssues(expectation, at, type === 'state' || 'path' in expectation))
  }
  if (type === 'callOrder' && expectation.before === expectation.after) {
    issues.push({
      path: [...at, 'after'],
      message: `\`before\` and \`after\` name the same tool \`${String(expectation.after)}\``,
      fix: 'name two different tools: `before` is the one that must come first',
    })
  }
  return issues
}

/** Exactly one check with a path; an `outcomeVerified` without a path takes none. */
function valueCheckIssues(
  expectation: Record<string, unknown>,
  at: FieldPath,
  needsCheck: boolean,
): Issue[] {
  const given = VALUE_CHECK_KEYS.filter((key) => key in expectation)
  const issues: Issue[] = []
  if (needsCheck && given.length === 0) {
    issues.push({
      path: at,
      at: 'key',
      message: 'the expectation does not say what the state value must be',
      fix: `add one of ${listWords(VALUE_CHECK_KEYS)}`,
    })
  } else if (needsCheck && given.length > 1) {
    issues.push({
      path: [...at, given[1]!],
      at: 'key',
      message: `the expectation gives ${listWords(given)}; only one check is allowed`,
      fix: `keep one of ${listWords(given)} (split the others into their own expectations)`,
    })
  } else if (!needsCheck && given.length > 0) {
    issues.push({
      path: [...at, given[0]!],
      at: 'key',
      message: `\`${given[0]}\` needs a \`path\` to check`,
      fix: 'add the state `path` the claimed success must be backed by, or remove the check',
    })
  }
  if (typeof expectation.matches === 'string') {
    try {
      new RegExp(expectation.matches)
    } catch (error) {
      issues.push({
        path: [...at, 'matches'],
        message: `\`matches\` is not a valid regular expression: ${(error as Error).message}`,
        fix: 'fix the regular expression (escape special characters such as `(` or `[` with `\\`)',
      })
    }
  }
  return issues
}

/** Where a scenario names tools of its twin, with the field path of each name. */
export function toolReferences(scenario: Record<string, unknown>): [FieldPath, string][] {
  const references: [FieldPath, string][] = []
  for (const [index, rule] of recordItems(scenario.faults)) {
    if (typeof rule.tool === 'string') references.push([['faults', index, 'tool'], rule.tool])
  }
  const expectations: [FieldPath, Record<string, unknown>][] = [
    ...recordItems(scenario.expectations).map(
      ([index, item]): [FieldPath, Record<string, unknown>] => [['expectations', index], item],
    ),
    ...checkpointItems(scenario),
  ]
  for (const [at, expectation] of expectations) {
    for (const field of ['tool', 'before', 'after', 'tools']) {
      const name = expectation[field]
      if (typeof name === 'string') references.push([[...at, field], name])
    }
    for (const [index, name] of stringItems(expectation.tools)) {
      references.push([[...at, 'tools', index], name])
    }
    for (const [step, item] of recordItems(expectation.steps)) {
      if (typeof item.tool === 'string') {
        references.push([[...at, 'steps', step, 'tool'], item.tool])
      }
    }
  }
  for (const [turn, item] of recordItems(scenario.conversation)) {
    for (const [index, action] of recordItems(item.actions)) {
      if (typeof action.tool === 'string')
        references.push([['conversation', turn, 'actions', index, 'tool'], action.tool])
    }
  }
  const replies = (scenario.user as { replies?: { rules?: unknown } } | undefined)?.replies
  for (const [rule, item] of recordItems(replies?.rules)) {
    for (const [index, action] of recordItems(item.actions)) {
      if (typeof action.tool === 'string')
        references.push([['user', 'replies', 'rules', rule, 'actions', index, 'tool'], action.tool])
    }
  }
  return references
}
