import type { ComparedCase, SideReport } from '../../compare/index.ts'
import { claimVerdict } from '../../report/claim-verdict.ts'
import type { PairCaseTaskMeta, PairSideSummary } from '../shared/meta.ts'
import type { PairOption } from '../shared/options.ts'

function sideSummary(side: SideReport): PairSideSummary {
  // The claim verdict's words, as in the HTML report: never a bare "verified SUCCESS" beside a FAILURE claim.
  const verdict = claimVerdict(side)
  const verified = verdict ? ` (claim: ${verdict.words})` : ''
  const outcome = side.finished
    ? `${side.outcome ?? 'no claimed outcome'}${verified}`
    : `did not finish (${side.error?.kind ?? 'no result'})`
  return {
    outcome,
    toolCalls: side.metrics.toolCalls,
    failed: side.failed.map(
      (result) =>
        `${result.id}: ${result.label}${result.turn === undefined ? '' : ` at turn ${result.turn}`}`,
    ),
  }
}

/**
 * The task meta of a pair test: the verdict of one compared case in a few
 * lines a person reads in the Vitest UI's meta panel, with the pair's Vitest
 * project when it has a name.
 */
export function pairCaseMeta(
  input: { pair: PairOption; pairIndex: number; gate?: PairCaseTaskMeta['gate'] },
  compared: ComparedCase,
  project = '',
): PairCaseTaskMeta {
  const meta: PairCaseTaskMeta = {
    kind: 'pair-case',
    ...(project !== '' && { project }),
    pair: input.pair,
    pairIndex: input.pairIndex,
    scenario: `${compared.scenario.id}@${compared.scenario.version}`,
    classification: compared.classification,
    changes: compared.changes.map(
      (change) =>
        `${change.id}: ${change.baseline ?? 'none'} → ${change.candidate ?? 'none'} (${change.change})`,
    ),
    baseline: sideSummary(compared.baseline),
    candidate: sideSummary(compared.candidate),
  }
  if (input.gate) meta.gate = input.gate
  if (compared.divergence) meta.divergesAt = compared.divergence.step
  return meta
}
