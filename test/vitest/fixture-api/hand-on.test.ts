import { describe, expect, it } from 'vitest'
import { type JsonReport, runFixtureProject } from './run-fixture-project.ts'

/** Each test's block and status, in the order they were written. */
function statuses(report: JsonReport): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => `${test.ancestorTitles.join(' > ')}: ${test.status}`),
  )
}

// A block passes the test network on to the block written after it. When that
// block does not take it, nothing after them may run under it.
describe.concurrent('a hold handed on to a block that does not take it', () => {
  it('is let go when that block ends, when a hook before its useTwin failed', async () => {
    const report = await runFixtureProject('hand-on', ['failed-hook.test.ts'])
    expect(statuses(report)).toEqual([
      'a block that hands the network on: passed',
      'a useTwin block whose setup fails first: skipped',
      'a plain block after the useTwin blocks: passed',
      'another block that hands the network on: passed',
      'refund-happy-path: A 40 USD refund for a broken mug set: skipped',
      'a plain block after the describeScenario block: passed',
    ])
    // The failed setups are reported as the failures they are: both blocks and the file.
    expect(report.numFailedTestSuites).toBe(3)
  }, 120_000)

  // With this seed the plain block runs right after the first twin block,
  // which was written before the second one.
  it('is never handed on in a shuffled suite, whose blocks run in another order', async () => {
    const report = await runFixtureProject('hand-on', ['--sequence.seed=2', 'shuffled.test.ts'])
    expect(statuses(report).sort()).toEqual([
      'a shuffled suite > a plain block: passed',
      'a shuffled suite > first twin block: passed',
      'a shuffled suite > second twin block: passed',
    ])
  }, 120_000)
})
