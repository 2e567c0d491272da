import { jsonEquals } from '../core/canonical-json.ts'
import type { CallStep } from './steps.ts'

/**
 * Names of the arguments that differ between two calls, sorted. The tool's
 * idempotency argument counts by presence only: agents mint their own keys,
 * so two keys are "the same" when both sides passed one.
 * @example
 * differingArguments(baselineStep, candidateStep) // ['amount']
 */
export function differingArguments(baseline: CallStep, candidate: CallStep): string[] {
  const names = new Set([...Object.keys(baseline.args), ...Object.keys(candidate.args)])
  const idempotency = baseline.idempotencyArgument ?? candidate.idempotencyArgument
  return [...names].sort().filter((name) => {
    const a = baseline.args[name]
    const b = candidate.args[name]
    if (name === idempotency) return (a === undefined) !== (b === undefined)
    return !jsonEquals(a, b)
  })
}
