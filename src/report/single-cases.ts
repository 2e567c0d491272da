// The words every renderer uses for cases run without a pair and for run
// errors, so the terminal, Markdown and HTML say the same thing.

import {
  projectWords,
  type RunError,
  type SideReport,
  type SingleCaseReport,
} from '../compare/report.ts'
import { leftUnjudged } from '../compare/run-errors.ts'
import type { CaseRefusal } from '../core/case-run.ts'
import { apartWords } from './security.ts'

/** `refund-happy-path 1.0.0 on demo-co-support 1.3.0 (trial 2)`, then its project when the report names projects. */
export function singleCaseTitle(item: SingleCaseReport): string {
  const trial = item.trial === undefined ? '' : ` (trial ${item.trial})`
  return `${item.scenario.id} ${item.scenario.version} on ${item.agent.agent} ${item.agent.version}${trial}${projectWords(item.project)}`
}

/** `GET https://elsewhere.test/x (undici)`: the request; its message's fix is the case's error. */
export function refusalWords(refusal: CaseRefusal): string {
  const method = refusal.method ? `${refusal.method} ` : ''
  const client = refusal.client ? ` (${refusal.client})` : ''
  return `${method}${refusal.url}${client}`
}

/**
 * The evidence beside the verdict: `tool calls 3 · llm replayed · tokens 120 in / 30 out · refused 1`,
 * led by utility and security apart when the case ran under an attack.
 */
export function sideEvidenceWords(side: SideReport): string {
  const tokens = side.metrics.tokens
    ? `${side.metrics.tokens.input} in / ${side.metrics.tokens.output} out`
    : 'n/a'
  const apart = apartWords(side)
  const parts = [
    ...(apart ? [apart] : []),
    `tool calls ${side.metrics.toolCalls}`,
    `llm ${side.llm ?? 'scripted'}`,
    `tokens ${tokens}`,
  ]
  if (side.models && side.models.names.length > 0)
    parts.push(`models ${side.models.names.join(', ')}`)
  if (side.refused) parts.push(`refused ${side.refused.length}`)
  return parts.join(' · ')
}

/** Counts per verdict, worst first: `1 FAIL, 2 PASS`. */
export function singleCountWords(cases: readonly SingleCaseReport[]): string {
  return (['FAIL', 'INCOMPLETE', 'PASS'] as const)
    .map((verdict) => [verdict, cases.filter((item) => item.verdict === verdict).length] as const)
    .filter(([, count]) => count > 0)
    .map(([verdict, count]) => `${count} ${verdict}`)
    .join(', ')
}

/**
 * `scenarios/x.scenario.yaml did not load`, `error in scenarios/x.yaml outside any test`
 * or `test/leave.test.ts > leave > files once failed`.
 */
export function runErrorTitle(error: RunError): string {
  if (error.kind === 'load-failure') return `${error.file ?? 'a test file'} did not load`
  if (error.kind === 'failed-test') {
    return `${error.file ?? 'a test file'} > ${error.test ?? 'a test'} failed`
  }
  return error.file ? `error in ${error.file} outside any test` : 'error outside any test'
}

/** One heading of run errors and the errors under it. */
export interface RunErrorGroup {
  /** `Not judged` or `Failed tests`; each renderer adds that every one blocks the gate. */
  heading: string
  errors: RunError[]
}

/**
 * Run errors under the headings every renderer shows: what was not judged
 * (files that did not load, errors outside any test), then failed tests
 * written by hand, whose verdicts no case of the report holds. Empty groups
 * are left out.
 */
export function runErrorGroups(errors: readonly RunError[]): RunErrorGroup[] {
  const groups: RunErrorGroup[] = [
    { heading: 'Not judged', errors: errors.filter(leftUnjudged) },
    { heading: 'Failed tests', errors: errors.filter((error) => !leftUnjudged(error)) },
  ]
  return groups.filter((group) => group.errors.length > 0)
}

/**
 * `asks-before-acting FAIL: Turn 2: the agent asked …`: an expectation failed
 * at a turn, its turn said once. Verdicts over turns already name theirs
 * (`By the end of turn 2`, `In turn 2`, `Turn 2`); one that does not is led by it.
 */
export function failedAtTurnWords(failed: SideReport['failed'][number]): string {
  const named = new RegExp(`\\bturns? ${failed.turn}\\b`, 'i').test(failed.message)
  const message = named ? failed.message : `In turn ${failed.turn}: ${failed.message}`
  return `${failed.id} ${failed.label}: ${message}`
}
