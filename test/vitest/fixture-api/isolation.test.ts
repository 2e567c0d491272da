import { describe, expect, it } from 'vitest'
import { runFixtureProject } from './run-fixture-project.ts'

// Three files in parallel workers, each with concurrent tests that serve the
// same scenario and base URL with different faults: every test sees only its
// own twin, in every pool, and with modules shared between files (no isolation).
describe.concurrent('per-test twins across files and workers', () => {
  it.each([
    ['forks', ['--pool=forks']],
    ['threads', ['--pool=threads']],
    ['threads without isolation', ['--pool=threads', '--isolate=false']],
  ])(
    'hold in the %s pool',
    async (_pool, args) => {
      const report = await runFixtureProject('isolation', args)
      const failures = report.testResults.filter((file) => file.status !== 'passed')
      expect(failures.map((file) => file.message)).toEqual([])
      expect(report.success).toBe(true)
      expect([report.numPassedTests, report.numTotalTests]).toEqual([12, 12])
    },
    180_000,
  )
})
