import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const vitest = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url))

/** What the tests read of Vitest's JSON report. */
export interface JsonReport {
  success: boolean
  numTotalTests: number
  numPassedTests: number
  numFailedTestSuites: number
  testResults: Array<{
    name: string
    status: string
    message: string
    assertionResults: Array<{ ancestorTitles: string[]; status: string }>
  }>
}

/**
 * Runs a project under `fixtures/` in its own Vitest process (`vitest run
 * --reporter=json` with `args`) and reads its JSON report, whether or not
 * its tests passed.
 */
export function runFixtureProject(name: string, args: string[]): Promise<JsonReport> {
  const project = fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url))
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
