import { plural } from './format.ts'
import { combineGates, type Gate } from './gate.ts'
import type { RunError } from './report.ts'

/**
 * Whether a run error left part of the run unjudged (a file that did not
 * load, an error outside any test), as against a failed test written by
 * hand, which was judged and failed.
 */
export function leftUnjudged(error: RunError): boolean {
  return error.kind !== 'failed-test'
}

/** The files the errors name, each once, in the order first named. */
function filesOf(errors: readonly RunError[], unnamed: string): string[] {
  return [...new Set(errors.map((error) => error.file ?? unnamed))]
}

/**
 * The gate of what the report's cases do not say: a file that did not load
 * leaves its cases unknown, an error outside any test leaves the run
 * unknown, and a failed test written by hand is a verdict the cases do not
 * hold. Each fails the Vitest run, so each blocks; with none it passes.
 */
export function runErrorsGate(errors: readonly RunError[]): Gate {
  const loads = errors.filter((error) => error.kind === 'load-failure')
  const unhandled = errors.filter((error) => error.kind === 'unhandled-error')
  const tests = errors.filter((error) => error.kind === 'failed-test')
  const reasons: string[] = []
  if (loads.length > 0) {
    // A file with two load errors is one file that did not load.
    const files = filesOf(loads, 'a test file')
    reasons.push(`${plural(files.length, 'file')} did not load: ${files.join(', ')} (block)`)
  }
  if (unhandled.length > 0) {
    reasons.push(`${plural(unhandled.length, 'error')} outside any test (block)`)
  }
  if (tests.length > 0) {
    reasons.push(
      `${plural(tests.length, 'test')} failed in ${filesOf(tests, 'a test file').join(', ')} (block)`,
    )
  }
  return { verdict: reasons.length > 0 ? 'BLOCK' : 'PASS', reasons }
}

/**
 * A pair's gate with the run errors of its project: a scenario of the pair
 * that did not load, or an error outside any test, blocks it. A failed test
 * written by hand does not change what the pair's cases showed; it blocks
 * the report's gate, not the pair's.
 */
export function gateWithRunErrors(gate: Gate, errors: readonly RunError[]): Gate {
  const unjudged = errors.filter(leftUnjudged)
  if (unjudged.length === 0) return gate
  return combineGates([gate, runErrorsGate(unjudged)])
}
