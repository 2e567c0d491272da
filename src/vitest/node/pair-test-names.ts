import type { Reporter, TestCase, Vitest } from 'vitest/node'

/**
 * Puts a changed pair case's class in its test's name (`v1.3.0 vs v1.2.4 · REGRESSED`),
 * in Vitest's main process as soon as the test's result arrives, so the
 * terminal tree, the Vitest UI and every reporter after it show where to
 * look: a pair declared to block passes its REGRESSED and NEW_CRITICAL_FAILURE
 * cases as green ticks. The class is known only once the case ran, after
 * collection, hence here and not in the worker. Unchanged cases and single
 * trials (one trial is noise) keep their names.
 */
export class PairTestNamer implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const meta = test.meta().agenttwin
    if (meta?.kind !== 'pair-case' || meta.trial || meta.classification === 'UNCHANGED') return
    const suffix = ` · ${meta.classification}`
    // The runner task every reporter and the UI read the name from (not in Vitest's public types).
    const task = (test as unknown as { task?: { name: string } }).task
    // A merged report replays results whose names already carry the class.
    if (!task || task.name.endsWith(suffix)) return
    task.name += suffix
    // The reported entity copied the name at creation; keep it in step.
    ;(test as { name: string }).name = task.name
  }
}

/** Adds the namer once, before every other reporter, so each of them sees the class. */
export function bringPairTestNamer(vitest: Vitest): void {
  const reporters = vitest.config.reporters as unknown[]
  if (reporters.some((entry) => entry instanceof PairTestNamer)) return
  reporters.unshift(new PairTestNamer())
}
