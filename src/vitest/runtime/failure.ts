import { AgentTwinError } from '../../core/errors.ts'
import type { ExpectationResult } from '../../core/expectation-result.ts'
import { expectationDiff } from './expectation-diff.ts'

/**
 * Characters per line of a failure's message and diff sides. Vitest's error
 * box neither wraps nor elides; at this width it shows whole lines in the UI
 * at 1280 px and in a 100-column terminal (the diff adds two).
 */
export const ERROR_WIDTH = 88

/** A place in a scenario document. */
export interface YamlLocation {
  file: string
  line: number
  column: number
}

/**
 * Gives an error a stack whose only frame is the YAML line, so Vitest points
 * the failure (and its code frame) at the scenario document, not at our code.
 */
export function pointAt<T extends Error>(error: T, location: YamlLocation, label: string): T {
  error.stack = `${error.name}: ${error.message}\n    at ${label} (${location.file}:${location.line}:${location.column})`
  return error
}

/**
 * An expectation of a scenario did not pass on this agent version. Carries
 * `expected` / `actual` (what the expectation asked for, what the twin
 * shows) so Vitest, in the terminal and the UI, renders the diff.
 */
export class ExpectationFailedError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_EXPECTATION_FAILED'
  /** What the evaluator looked at; Vitest shows it with `--reporter=verbose` and in the UI's error view. */
  readonly evidence: ExpectationResult['evidence']
  readonly expected?: unknown
  readonly actual?: unknown
  readonly showDiff?: boolean

  constructor(result: ExpectationResult, effectiveLabel: string) {
    const flags = [result.type, result.critical ? 'critical' : undefined].filter(Boolean).join(', ')
    const override = result.override
      ? ` (reviewed: ${result.override.originalLabel} → ${result.override.label} by ${result.override.reviewer}: "${result.override.note}")`
      : ''
    const problem = `${result.id} (${flags}) is ${effectiveLabel}${override}: ${result.message}`
    // The message is the verdict, as Vitest lists it; the fix stays a field.
    super({
      problem,
      fix: 'change the agent until the expectation passes, or, if the new behaviour is right, the expectation (or review it in the overrides file).',
      message: problem,
    })
    this.name = 'ExpectationFailed'
    this.evidence = result.evidence
    const diff = expectationDiff(result)
    if (diff) {
      this.expected = diff.expected
      this.actual = diff.actual
      this.showDiff = true
    }
  }
}

/**
 * A pair's case is blocking: its message is the verdict and the first
 * divergence; `expected` / `actual` are the baseline and candidate
 * trajectories, one step per line, so Vitest (terminal and UI) shows the diff.
 */
export class PairRegressionError extends AgentTwinError {
  /** The name Vitest prints before the message. */
  static readonly label = 'PairRegression'
  static override readonly code = 'AGENTTWIN_PAIR_REGRESSION'
  readonly expected: string
  readonly actual: string
  readonly showDiff = true
  /** Vitest labels the two sides of the diff with these. */
  readonly diffOptions: { aAnnotation: string; bAnnotation: string }

  constructor(
    message: string,
    baselineTrajectory: string,
    candidateTrajectory: string,
    labels: { aAnnotation: string; bAnnotation: string },
  ) {
    super({
      problem: message,
      fix: 'look at the first divergence between the two trajectories; fix the candidate, or review the case in the overrides file if the change is intended.',
      message,
    })
    this.name = PairRegressionError.label
    this.expected = baselineTrajectory
    this.actual = candidateTrajectory
    this.diffOptions = labels
  }
}

/**
 * Under CI, a pair's case that is INCOMPLETE: a side did not finish, or a
 * judge could not answer. A pair that did not run is not a passing test, so
 * the test fails with the cause; outside CI the case stays a warning.
 */
export class IncompletePairError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INCOMPLETE_PAIR'

  constructor(message: string) {
    super({
      problem: message,
      fix: 'make both sides finish (serve the refused host with a twin, record the missing cassettes, give the agent the time it needs, or fix the judge), then rerun.',
      message,
    })
    this.name = 'IncompletePair'
  }
}
