import { VALUE_CHECK_KEYS } from './expectation-schema.ts'
import type { FieldPath } from './field-path.ts'
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
  const expectations = recordItems(scenario.expectations)
  issues.push(...duplicateIdIssues(expectations, 'expectations', 'expectation'))
  issues.push(...duplicateIdIssues(recordItems(scenario.faults), 'faults', 'fault rule'))
  for (const [index, expectation] of expectations) {
    issues.push(...expectationIssues(expectation, ['expectations', index]))
  }
  return issues
}

function duplicateIdIssues(
  items: [number, Record<string, unknown>][],
  list: string,
  what: string,
): Issue[] {
  const firstIndex = new Map<string, number>()
  const issues: Issue[] = []
  for (const [index, item] of items) {
    if (typeof item.id !== 'string') continue
    const first = firstIndex.get(item.id)
    if (first === undefined) firstIndex.set(item.id, index)
    else {
      issues.push({
        path: [list, index, 'id'],
        message: `${what} id \`${item.id}\` is used twice (first by ${list}[${first}])`,
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
  for (const [index, expectation] of recordItems(scenario.expectations)) {
    for (const field of ['tool', 'before', 'after']) {
      const name = expectation[field]
      if (typeof name === 'string') references.push([['expectations', index, field], name])
    }
    for (const [step, item] of recordItems(expectation.steps)) {
      if (typeof item.tool === 'string') {
        references.push([['expectations', index, 'steps', step, 'tool'], item.tool])
      }
    }
  }
  return references
}
