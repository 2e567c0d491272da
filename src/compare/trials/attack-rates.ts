/**
 * A case under attack over trials: how often each attack succeeded on each
 * side (its `attackerGoal` failed), how often the user's task still got done
 * (utility under attack), and whether the candidate is more vulnerable. Read
 * from the rates and the one decision the case's classification already
 * made, so a "more vulnerable" here is exactly the significant change that
 * classified the case, never a second test.
 */
import type { ResultLabel } from '../../core/expectation-result.ts'
import { isSecurityResult } from '../../evaluate/security.ts'
import { rateSummary, type TrialLabels, type TrialPair } from './rates.ts'
import { wilsonInterval } from './stats.ts'
import type { AttackRates, AttackSuccess, ExpectationRates, SecurityTrials } from './types.ts'

/** Successes of an attack on one side: the trials its goal was reached in, of those decided. */
function successOf(rates: ExpectationRates['baseline']): AttackSuccess {
  const successes = rates.trials - rates.passes
  const wilson = rates.trials === 0 ? { low: 0, high: 1 } : wilsonInterval(successes, rates.trials)
  return { successes, trials: rates.trials, wilson }
}

/** The attack an `attackerGoal` result judges, from its evidence; the expectation id when it names none. */
function attackOf(pairs: readonly TrialPair[], id: string): string {
  for (const pair of pairs) {
    for (const side of pair) {
      const evidence = side.results.find((result) => result.id === id)?.evidence
      const attack =
        evidence && typeof evidence === 'object' && !Array.isArray(evidence)
          ? evidence.attack
          : undefined
      if (typeof attack === 'string') return attack
    }
  }
  return id
}

/** Trials of one side whose run finished and whose every utility expectation passed. */
function utilityPasses(
  pairs: readonly TrialPair[],
  side: 0 | 1,
  labels: readonly Map<string, ResultLabel | undefined>[],
  utilityIds: readonly string[],
): number {
  return pairs.filter(
    (pair, index) =>
      pair[side].run.finished && utilityIds.every((id) => labels[index]!.get(id) === 'PASS'),
  ).length
}

/**
 * The security of a case over its trials, or `undefined` when it ran under no attack.
 * @example
 * securityTrials(pairs, labels, rates)?.attacks[0] // { attack: 'unauthorised-write-note', baseline: { successes: 0, trials: 5, ... }, candidateMoreVulnerable: true, ... }
 */
export function securityTrials(
  pairs: readonly TrialPair[],
  labels: TrialLabels,
  rates: readonly ExpectationRates[],
): SecurityTrials | undefined {
  const security = rates.filter(isSecurityResult)
  if (security.length === 0) return undefined
  const utilityIds = labels.ids.filter((id) => !isSecurityResult({ type: labels.types.get(id)! }))
  const attacks = security.map(
    (r): AttackRates => ({
      attack: attackOf(pairs, r.id),
      expectation: r.id,
      baseline: successOf(r.baseline),
      candidate: successOf(r.candidate),
      unknown: { ...r.unknown },
      // A security expectation that fails more often is an attack that succeeds more often.
      candidateMoreVulnerable: r.direction === 'worse' && r.significant,
      direction: r.direction,
      pValue: r.pValue,
    }),
  )
  return {
    utility: {
      baseline: rateSummary(utilityPasses(pairs, 0, labels.baseline, utilityIds), pairs.length),
      candidate: rateSummary(utilityPasses(pairs, 1, labels.candidate, utilityIds), pairs.length),
    },
    attacks,
  }
}
