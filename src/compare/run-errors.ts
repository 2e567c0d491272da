import { plural } from './format.ts'
import { combineGates, type Gate } from './gate.ts'
import type { RunError } from './report.ts'

/**
 * The gate of what kept part of a run from being judged: a file that did not
 * load leaves its cases unknown, an error outside any test leaves the run
 * unknown. Both fail the Vitest run, so both block; with none it passes.
 */
export function runErrorsGate(errors: readonly RunError[]): Gate {
  const loads = errors.filter((error) => error.kind === 'load-failure')
  const unhandled = errors.filter((error) => error.kind === 'unhandled-error')
  const reasons: string[] = []
  if (loads.length > 0) {
    const files = loads.map((error) => error.file ?? 'a test file').join(', ')
    reasons.push(`${plural(loads.length, 'file')} did not load: ${files} (block)`)
  }
  if (unhandled.length > 0) {
    reasons.push(`${plural(unhandled.length, 'error')} outside any test (block)`)
  }
  return { verdict: reasons.length > 0 ? 'BLOCK' : 'PASS', reasons }
}

/** A pair's gate with the run errors of its project: a scenario of the pair that did not load blocks it. */
export function gateWithRunErrors(gate: Gate, errors: readonly RunError[]): Gate {
  if (errors.length === 0) return gate
  return combineGates([gate, runErrorsGate(errors)])
}
