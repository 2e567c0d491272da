/**
 * Sequential trials against a fixed k, by seeded simulation: each case draws
 * 20 trials a side (expectations passing at the given rates), is judged on
 * all 20 at a fixed k, and with 4 looks of 5 (exact group-sequential
 * boundaries, O'Brien-Fleming-type spending). Prints, per set of rates, the
 * false-alarm rate of unchanged cases, how often sequential trials reach the
 * fixed-k classification where fixed k finds a change, and the trials saved.
 * Seeded: the same figures on every run.
 * Run: npx tsx bench/sequential-trials.ts
 */
import { type Rates, simulate } from '../test/compare/trials/support/sequential-sim.ts'

const alpha = 0.05
const plan = { maxK: 20, looks: 4 }
const sets: [string, Rates, number][] = [
  ['null: 1 expectation at 0.7', { baseline: [0.7], candidate: [0.7] }, 4000],
  ['null: 3 expectations at 0.5', { baseline: [0.5, 0.5, 0.5], candidate: [0.5, 0.5, 0.5] }, 2000],
  ['null: 2 expectations at 0.9', { baseline: [0.9, 0.9], candidate: [0.9, 0.9] }, 2000],
  ['drop 0.9 → 0.3', { baseline: [0.9], candidate: [0.3] }, 1000],
  ['drop 0.9 → 0.5', { baseline: [0.9], candidate: [0.5] }, 1000],
  ['drop 0.8 → 0.3 beside one at 0.6', { baseline: [0.8, 0.6], candidate: [0.3, 0.6] }, 1000],
  ['gain 0.4 → 0.9 beside one always passing', { baseline: [0.4, 1], candidate: [0.9, 1] }, 1000],
]

const percent = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`
for (const [name, rates, cases] of sets) {
  const r = simulate(2026, cases, rates, plan, alpha)
  const seqRate = percent(r.sequentialChanges, cases)
  const fixedRate = percent(r.fixedChanges, cases)
  console.log(
    `${name} (${cases} cases): changes found fixed ${r.fixedChanges} (${fixedRate}), sequential ${r.sequentialChanges} (${seqRate}); ` +
      `same classification on ${r.sameOnFixedChanges} of ${r.fixedChanges} fixed-k changes, opposite ${r.opposite}; ` +
      `trials a side ${r.sequentialTrials} of ${r.fixedTrials} (${percent(r.fixedTrials - r.sequentialTrials, r.fixedTrials)} saved, mean ${(r.sequentialTrials / cases).toFixed(1)} of ${plan.maxK})`,
  )
}
