import { keepBounded } from '../core/bounded-memo.ts'
import type { CaseTool } from '../core/case-run.ts'
import { isPlainJson } from '../core/json.ts'
import { ajvIssues } from './ajv-issues.ts'
import { formatFieldPath } from './field-path.ts'
import type { Issue } from './issue.ts'
import { scenarioIssues } from './scenario-checks.ts'
import { scenarioTwinIssues } from './scenario-twin-checks.ts'
import type { TwinDocument } from './twin-document.ts'
import { documentValidator } from './validators.ts'

/** The twin an expectation given in code is held against: its name and its tools as the case saw them. */
export interface ExpectationTwin {
  name: string
  tools: readonly CaseTool[]
}

/**
 * Every problem the YAML loader finds in one expectation of a scenario
 * (its schema branch, the scenario's own checks, the tools it names and
 * whether the twin can answer it), for an expectation given in code: the
 * matchers run these on the expectation they spell, so the same mistake is
 * refused in YAML and in code with the same words, never a silent pass.
 * Paths are relative to the expectation.
 * @example
 * expectationIssues({ id: 'x', type: 'notCalledTool', tool: 'send_emial' }, { name: 'crm', tools })
 * // [{ path: ['tool'], message: 'twin `crm` has no tool `send_emial`', fix: 'use one of … (did you mean …)' }]
 */
export function expectationIssues(
  expectation: Record<string, unknown>,
  twin: ExpectationTwin,
): Issue[] {
  // The same matcher with the same arguments runs in every test of a suite: one check each.
  const key = isPlainJson(expectation) ? JSON.stringify(expectation) : undefined
  const passed = key === undefined ? undefined : passedFor(twin)
  if (key !== undefined && passed?.has(key)) return []
  const issues = checkExpectation(expectation, twin)
  if (key !== undefined && issues.length === 0) remember(passed!, key)
  return issues
}

/** Expectations that passed, by the JSON text of the twin's name and tools they passed against. */
const passedByTwin = new Map<string, Set<string>>()
/**
 * Each tools list's key in `passedByTwin` (the twin's name and the list's JSON
 * text), built once per list and name: a key built anew on every matcher call
 * would be a long string to join and hash each time.
 */
const twinKeys = new WeakMap<readonly CaseTool[], Map<string, string>>()
/** Kept per twin before the set starts over: a suite's distinct matcher calls, not every value a loop spells. */
const MAX_PASSED = 4096
/** Twins remembered before the map starts over: a run's twins, not every tools list a test builds. */
const MAX_TWINS = 64

function twinKey(twin: ExpectationTwin): string {
  let byName = twinKeys.get(twin.tools)
  if (!byName) {
    byName = new Map()
    twinKeys.set(twin.tools, byName)
  }
  let key = byName.get(twin.name)
  if (key === undefined) {
    key = `${twin.name}\0${JSON.stringify(twin.tools)}`
    byName.set(twin.name, key)
  }
  return key
}

function passedFor(twin: ExpectationTwin): Set<string> {
  const key = twinKey(twin)
  return passedByTwin.get(key) ?? keepBounded(passedByTwin, key, new Set(), MAX_TWINS)
}

function remember(passed: Set<string>, key: string): void {
  if (passed.size >= MAX_PASSED) passed.clear()
  passed.add(key)
}

function checkExpectation(expectation: Record<string, unknown>, twin: ExpectationTwin): Issue[] {
  // One expectation in the smallest valid scenario: every check the loader runs, unchanged.
  const scenario = {
    apiVersion: 'agenttwin/scenario.v1',
    id: 'expectation-in-code',
    version: '1.0.0',
    title: 'An expectation given in code',
    twin: './twin.yaml',
    input: { message: '' },
    expectations: [expectation],
  }
  const issues: Issue[] = []
  const validate = documentValidator('scenario')
  if (!validate(scenario)) issues.push(...ajvIssues(validate.errors ?? [], scenario))
  issues.push(...scenarioIssues(scenario))
  const reported = new Set(issues.map((issue) => formatFieldPath(issue.path)))
  const asTwin = { metadata: { name: twin.name }, tools: twin.tools } as unknown as TwinDocument
  issues.push(...scenarioTwinIssues(scenario, asTwin, reported))
  return issues
    .filter((issue) => issue.path[0] === 'expectations' && issue.path[1] === 0)
    .map((issue) => ({ ...issue, path: issue.path.slice(2) }))
}
