import type { CaseReport } from '../compare/report.ts'
import type {
  CaseTrials,
  ConversationNoise,
  NoiseFloor,
  RateSummary,
  SequentialTrials,
} from '../compare/trials/types.ts'
import { formatP, rateChange } from '../compare/trials/words.ts'
import { plural } from '../evaluate/format.ts'
import { securityTrialLines } from './security.ts'

const fixed = (value: number) => value.toFixed(2)

/** pass^k at k = all trials, as `0.33`. */
export function passHatAll(summary: RateSummary): string {
  const value = summary.passHatK[summary.trials - 1]
  return value === undefined ? 'n/a' : fixed(value)
}

function wilson(summary: RateSummary): string {
  return `[${fixed(summary.wilson.low)}, ${fixed(summary.wilson.high)}]`
}

/** Which sides' trials disagree, e.g. `FLAKY (candidate)`; empty when neither. */
export function flakyWords(trials: CaseTrials): string {
  const sides = (['baseline', 'candidate'] as const).filter((side) => trials.flaky[side])
  return sides.length > 0 ? `FLAKY (${sides.join(', ')})` : ''
}

/** `case passed 4/5 → 0/5, pass^5 0.00 → 0.00`: the whole case over its trials. */
export function caseRateWords(trials: CaseTrials): string {
  return `case passed ${rateChange(trials)}, pass^${trials.k} ${passHatAll(trials.baseline)} → ${passHatAll(trials.candidate)}`
}

/** `the case was held at alpha 0.05: Holm over 2 one-sided tests (worse and better per expectation)`. */
export function familyWords(trials: CaseTrials): string {
  const t = trials.test
  if (!t)
    return 'each expectation tested on its own at alpha (a report written before one decision per case)'
  if (trials.sequential)
    return `one decision for the case at alpha ${trials.alpha}: Holm over ${t.tests} of its ${plural(t.hypotheses, 'one-sided test')} (worse and better per expectation; tests whose margins cannot reach alpha not counted), each against its exact group-sequential boundary (O'Brien-Fleming-type alpha spending, ${formatP(t.level)} spent by look ${trials.sequential.stoppedAt})`
  return `one decision for the case at alpha ${trials.alpha}: Holm over ${t.tests} of its ${plural(t.hypotheses, 'one-sided Fisher test')} (worse and better per expectation; tests whose margins cannot reach alpha not counted)`
}

/** Why a case with sequential trials stopped where it did, in words. */
const STOP_WORDS: Record<SequentialTrials['stop'], string> = {
  efficacy: 'a change crossed its group-sequential boundary',
  futility: 'no change could become significant by the last look',
  incomplete: 'a side did not finish a trial',
  max: 'it reached the last look',
  partial: 'a filter or a shard left the later trials out',
}

/** `10 of 20 a side (look 2 of 4, efficacy)`: the trials a case used; `10 a side` without sequential trials. */
export function trialsUsedWords(trials: CaseTrials): string {
  const s = trials.sequential
  if (!s) return `${trials.k} a side`
  return `${s.used} of ${s.maxK} a side (look ${s.stoppedAt} of ${s.looks.length}, ${s.stop})`
}

/**
 * `sequential: stopped at look 2 of 4 (5, 10, 15, 20 trials a side) after 10 of 20
 * planned trials a side because a change crossed its group-sequential boundary; saved ...`.
 */
export function sequentialWords(sequential: SequentialTrials): string {
  const { used, fixed } = sequential.cost
  const saved = `saved ${fixed.runs - used.runs} runs, ${fixed.modelCalls - used.modelCalls} model calls, ${fixed.tokens - used.tokens} tokens against k=${sequential.maxK} (estimated at the mean per run)`
  return `sequential: stopped at look ${sequential.stoppedAt} of ${sequential.looks.length} (${sequential.looks.join(', ')} trials a side) after ${sequential.used} of ${sequential.maxK} planned trials a side (${sequential.stop}: ${STOP_WORDS[sequential.stop]}); ${saved}`
}

/**
 * `sequential trials: 3 cases used 35 of 60 planned trials a side; saved 50 runs, ...`:
 * the cases of a pair that ran sequential trials, together; undefined when none did.
 */
export function sequentialTotals(cases: readonly CaseReport[]): string | undefined {
  const plans = cases.flatMap((item) => (item.trials?.sequential ? [item.trials.sequential] : []))
  if (plans.length === 0) return undefined
  const sum = (value: (s: SequentialTrials) => number) =>
    plans.reduce((total, s) => total + value(s), 0)
  const early = plans.filter((s) => s.used < s.maxK).length
  const saved = `saved ${sum((s) => s.cost.fixed.runs - s.cost.used.runs)} runs, ${sum((s) => s.cost.fixed.modelCalls - s.cost.used.modelCalls)} model calls, ${sum((s) => s.cost.fixed.tokens - s.cost.used.tokens)} tokens`
  return `sequential trials: ${plans.length} case${plans.length === 1 ? '' : 's'} used ${sum((s) => s.used)} of ${sum((s) => s.maxK)} planned trials a side, ${early} stopped before the last look; ${saved}`
}

/** A noise floor entry: `policy 2/5 trial pairs disagree; 4 of 10 runs passed, 53 % of any two runs disagree`. */
export function noiseFloorWords(entry: NoiseFloor): string {
  return `${entry.id} ${entry.pairedDisagreements}/${entry.trials} trial pairs disagree; ${entry.passes} of ${entry.runs} runs passed, ${Math.round(entry.disagreementRate * 100)} % of any two runs disagree`
}

/**
 * A self-pair's conversation noise:
 * `simulated user: in 3 of 10 trial pairs the user answered the same conversation differently (the simulator's noise), in 1 the agent answered differently first, 6 the same`.
 */
export function conversationNoiseWords(noise: ConversationNoise): string {
  const of = `of ${noise.trials} trial pair${noise.trials === 1 ? '' : 's'}`
  return `simulated user: in ${noise.simulator} ${of} the user answered the same conversation differently (the simulator's noise), in ${noise.agent} the agent answered differently first (the agent's), ${noise.same} the same throughout`
}

/** `UNCHANGED  refund-trials  case passed 4/5 → 3/5, pass^5 ...`: an UNCHANGED case over trials on one line. */
export function unchangedLine(item: CaseReport): string {
  const trials = item.trials!
  const flaky = flakyWords(trials)
  const used = trials.sequential ? `, ${trialsUsedWords(trials)}` : ''
  const attacks = (trials.security?.attacks ?? []).map(
    (attack) =>
      `, attack ${attack.attack} succeeded ${attack.baseline.successes}/${attack.baseline.trials} → ${attack.candidate.successes}/${attack.candidate.trials}`,
  )
  return `${item.scenario.id}: ${caseRateWords(trials)}${flaky ? `, ${flaky}` : ''}${used}${attacks.join('')}`
}

/**
 * The plain-text lines of a case's trials, for the terminal and Markdown:
 * k and alpha, the whole-case rates, each expectation whose rate moved with
 * its p-value, the notes on changes that are not significant, and for a
 * version paired with itself the noise floor.
 */
export function trialLines(item: CaseReport): string[] {
  const trials = item.trials
  if (!trials) return []
  const flaky = flakyWords(trials)
  const lines = [
    `${trialsUsedWords(trials)}, alpha ${trials.alpha}; shown: ${trials.representative.reason}`,
    `${caseRateWords(trials)}, Wilson 95 % ${wilson(trials.baseline)} → ${wilson(trials.candidate)}${flaky ? `, ${flaky}` : ''}`,
  ]
  for (const r of trials.expectations.filter((e) => e.direction !== 'same' || e.significant)) {
    const significance = r.significant ? 'significant' : 'not significant'
    lines.push(
      `${r.id}${r.critical ? ' critical' : ''} ${rateChange(r)}, pass^${r.baseline.trials} ${passHatAll(r.baseline)} → ${passHatAll(r.candidate)}, p = ${formatP(r.pValue)} (${significance})`,
    )
  }
  lines.push(...securityTrialLines(trials))
  lines.push(familyWords(trials))
  if (trials.sequential) lines.push(sequentialWords(trials.sequential))
  for (const note of trials.notes) lines.push(`note: ${note}`)
  if (trials.noiseFloor) {
    const floor = trials.noiseFloor.map(noiseFloorWords).join('; ')
    lines.push(`noise floor (a version paired with itself): ${floor}`)
  }
  if (trials.conversationNoise) {
    lines.push(`noise floor, ${conversationNoiseWords(trials.conversationNoise)}`)
  }
  return lines
}

/**
 * Whether the terminal shows a case in full: every case that is not
 * UNCHANGED. An UNCHANGED case over trials gets one line ({@link unchangedLine});
 * its details are in the HTML and JSON reports.
 */
export function isListed(item: CaseReport): boolean {
  return item.classification !== 'UNCHANGED'
}
