import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const project = fileURLToPath(new URL('./fixtures/isolation/', import.meta.url))
const vitest = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url))

interface JsonReport {
  success: boolean
  numTotalTests: number
  numPassedTests: number
  testResults: Array<{ name: string; status: string; message: string }>
}

/** Runs the isolation project in its own Vitest process and reads its JSON report. */
function runProject(args: string[]): Promise<JsonReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [vitest, 'run', '--reporter=json', ...args],
      { cwd: project, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const start = stdout.indexOf('{')
        if (start === -1) {
          reject(new Error(`no JSON report (${error?.message ?? 'no error'}):\n${stderr}`))
          return
        }
        resolve(JSON.parse(stdout.slice(start)) as JsonReport)
      },
    )
  })
}

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
      const report = await runProject(args)
      const failures = report.testResults.filter((file) => file.status !== 'passed')
      expect(failures.map((file) => file.message)).toEqual([])
      expect(report.success).toBe(true)
      expect([report.numPassedTests, report.numTotalTests]).toEqual([12, 12])
    },
    180_000,
  )
})
