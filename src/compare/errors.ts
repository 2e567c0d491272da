import { AgentTwinError } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'

/** One field in which the two sides' recorded selections differ. */
export interface SelectionMismatch {
  scenario: string
  /** `presence` (a side lacks the case), `count` (a side ran it more than once), or the field: `scenario.version`, `scenario.digest`, `seed`, `twin.name`, `twin.version`, `twin.digest`. */
  field: string
  baseline: string
  candidate: string
}

/**
 * The two sides of a pair did not run the same selection, so their cases
 * cannot be compared: an error, never a regression.
 */
export class SelectionMismatchError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_SELECTION_MISMATCH'
  readonly mismatches: SelectionMismatch[]

  constructor(mismatches: SelectionMismatch[]) {
    const lines = mismatches.map(
      (m) =>
        `  scenario ${m.scenario}: ${m.field} is ${m.baseline} on the baseline and ${m.candidate} on the candidate`,
    )
    super({
      problem: `The baseline and the candidate ran different selections:\n${lines.join('\n')}`,
      fix: 'run both sides from one pinned selection (same scenario versions, twins and seeds), then compare again.',
    })
    this.mismatches = mismatches
  }
}

/** A gate policy that names an unknown class, or puts one class in both lists. */
export class InvalidGatePolicyError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_GATE_POLICY'

  constructor(problem: string) {
    super({
      problem: `Invalid release gate policy: ${endSentence(problem)}`,
      fix: 'list each of NEW_CRITICAL_FAILURE, REGRESSED, INCOMPLETE, IMPROVED, UNCHANGED at most once, in "block" or "warn"; keep INCOMPLETE in one of them and "empty" WARN or BLOCK.',
    })
  }
}

/** A case in a side's list was run by another agent (name or version) than the side says. */
export class MixedSideError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MIXED_SIDE'

  constructor(
    side: 'baseline' | 'candidate',
    agent: { name: string; version: string },
    run: { scenario: { id: string }; agent: { name: string; version: string } },
  ) {
    super({
      problem: `The ${side} is ${agent.name} ${agent.version}, but its case ${run.scenario.id} was run by ${run.agent.name} ${run.agent.version}.`,
      fix: 'pass only the cases each agent version ran to its side of the pair.',
    })
  }
}
