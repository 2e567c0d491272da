import { recordArtifact, type TestContext } from 'vitest'
import {
  type ComparedCase,
  comparedRecord,
  comparePair,
  type GatePolicy,
} from '../../compare/index.ts'
import { endSentence } from '../../core/sentence.ts'
import { foldText } from '../../report/fold.ts'
import { renderTrajectoryForDiff } from '../../report/trajectory.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'
import { PAIR_CASE_ARTIFACT } from '../shared/meta.ts'
import type { PairOption } from '../shared/options.ts'
import { ERROR_WIDTH, PairRegressionError, pointAt, type YamlLocation } from './failure.ts'
import { failIncompleteUnderCi, incompleteCause } from './incomplete.ts'
import { pairCaseMeta } from './pair-summary.ts'
import type { SideRunner } from './side-runner.ts'

export interface PairTestInput {
  pair: PairOption
  pairIndex: number
  baseline: Agent
  candidate: Agent
  pinned: PinnedCase
  runner: SideRunner
  gate?: Partial<GatePolicy>
  where: YamlLocation
}

/**
 * The test of one case for one pair: both sides from the same pinned case
 * (a version paired with itself runs it twice), compared once; a short summary goes to task meta, the compared case (with
 * both sides) to an artifact for the reporter. The test fails when the case blocks the gate,
 * unless the pair is declared to block, and under CI when the case is INCOMPLETE.
 */
export function pairTest(input: PairTestInput): (context: TestContext) => Promise<void> {
  return async (context) => {
    const selfPair = input.baseline.version === input.candidate.version
    const baselineSide = await input.runner.side(input.baseline, { side: 'baseline', selfPair })
    const candidateSide = await input.runner.side(input.candidate, {
      side: 'candidate',
      selfPair,
      baseline: baselineSide,
    })
    const comparison = comparePair({
      baseline: { agent: baselineSide.run.agent, cases: [baselineSide] },
      candidate: { agent: candidateSide.run.agent, cases: [candidateSide] },
      policy: input.gate,
    })
    // The one comparison of this case: the verdict here, the record for the reporter.
    const compared = comparison.cases[0]!
    context.task.meta.agenttwin = pairCaseMeta(input, compared, context.task.file.projectName)
    await recordArtifact(context.task, {
      type: PAIR_CASE_ARTIFACT,
      compared: comparedRecord(compared),
    })
    await context.annotate(annotation(compared), 'agenttwin')
    failIncompleteUnderCi({ ...input, scenarioId: input.pinned.scenario.id }, compared)
    if (comparison.gate.verdict !== 'BLOCK' || input.pair.expectGate === 'BLOCK') return
    const error = new PairRegressionError(
      foldText(
        failureMessage(input, compared),
        ERROR_WIDTH,
        `${PairRegressionError.label}: `.length,
      ),
      renderTrajectoryForDiff(baselineSide.run, { width: ERROR_WIDTH }),
      renderTrajectoryForDiff(candidateSide.run, { width: ERROR_WIDTH }),
      {
        aAnnotation: `Baseline ${input.pair.baseline}`,
        bAnnotation: `Candidate ${input.pair.candidate}`,
      },
    )
    throw pointAt(error, input.where, input.pinned.scenario.id)
  }
}

function annotation(compared: ComparedCase): string {
  if (compared.divergence) {
    return `${compared.classification}. ${compared.divergence.sentence} ${compared.divergence.detail}`
  }
  // A case that did not finish has no outcome to call the same: say why it is incomplete.
  if (compared.classification === 'INCOMPLETE') {
    return `INCOMPLETE: ${endSentence(incompleteCause(compared))}`
  }
  const calls = compared.baseline.metrics.toolCalls
  return `${compared.classification}. Both sides took the same ${calls} tool ${calls === 1 ? 'call' : 'calls'} and reported the same outcome.`
}

function failureMessage(input: PairTestInput, compared: ComparedCase): string {
  const lines = [
    `${compared.classification}: ${input.pair.candidate} is worse than ${input.pair.baseline} on ${input.pinned.scenario.id}.`,
  ]
  if (compared.divergence) lines.push(compared.divergence.sentence, compared.divergence.detail)
  for (const change of compared.changes) {
    lines.push(`  ${change.id}: ${change.baseline} → ${change.candidate}`)
  }
  return lines.join('\n')
}
