import type { ComparedCase } from '../../compare/index.ts'
import type { SideReport } from '../../compare/report.ts'
import type { PairOption } from '../shared/options.ts'
import { IncompletePairError, pointAt, type YamlLocation } from './failure.ts'

/**
 * Whether the run is under CI: `CI` set to anything but an empty string,
 * `false` or `0` (Vitest reads the same variable for its own CI behaviour).
 */
export function underCi(env: Record<string, string | undefined> = process.env): boolean {
  const value = env.CI?.trim().toLowerCase()
  return value !== undefined && value !== '' && value !== 'false' && value !== '0'
}

function sideCause(name: string, side: SideReport): string | undefined {
  if (side.finished) return undefined
  const cause = side.error ? `${side.error.kind}: ${side.error.message}` : 'no result'
  return `the ${name} did not finish (${cause})`
}

/** Why a case is incomplete, from what the sides and the expectations show. */
export function incompleteCause(compared: ComparedCase): string {
  const causes = [
    sideCause('baseline', compared.baseline),
    sideCause('candidate', compared.candidate),
  ].filter((cause): cause is string => cause !== undefined)
  if (causes.length > 0) return causes.join('; ')
  const unknown = compared.changes.filter((change) => change.change === 'unknown')
  if (unknown.length > 0) {
    const listed = unknown.map(
      (change) => `${change.id} ${change.baseline ?? 'none'} → ${change.candidate ?? 'none'}`,
    )
    return `no side could be judged on ${listed.join(', ')}`
  }
  return compared.reason
}

/**
 * Under CI an INCOMPLETE case fails its test: a pair that did not run is not
 * a passing test, whatever gate the pair declares. Outside CI it stays a warning.
 */
export function failIncompleteUnderCi(
  input: { pair: PairOption; where: YamlLocation; scenarioId: string },
  compared: ComparedCase,
  trials?: number,
): void {
  if (compared.classification !== 'INCOMPLETE' || !underCi()) return
  const over = trials === undefined ? '' : ` over ${trials} trials`
  const message = [
    `INCOMPLETE: ${input.pair.candidate} vs ${input.pair.baseline} on ${input.scenarioId} was not compared to the end${over}: ${incompleteCause(compared)}.`,
    'Under CI a pair case that did not run is not a passing test.',
  ].join('\n')
  throw pointAt(new IncompletePairError(message), input.where, input.scenarioId)
}
