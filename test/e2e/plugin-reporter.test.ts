import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { expect, test } from 'vitest'
import { blockOf } from '../support/normalise-text.ts'
import { repoRoot } from './helpers/normalize.ts'
import { runVitest } from './helpers/run-vitest.ts'

const root = `${repoRoot}/test/e2e/fixtures/pair`

// `vitest run --reporter=dot`: the flag replaces the configured reporters, the plugin's stays.
test('a --reporter flag adds to the reporter the plugin brings', async () => {
  rmSync(`${root}/reports`, { recursive: true, force: true })
  const run = await runVitest({ root, reporters: ['dot'] })
  expect(blockOf(run.stdout, 'Comparison: ')).toMatchInlineSnapshot(`
    "Comparison: demo-co-support 1.3.0 (candidate) vs demo-co-support 1.2.4 (baseline)
                             baseline 1.2.4  candidate 1.3.0
      tool calls                         10                7"
  `)
  expect(existsSync(`${root}/reports/agenttwin.json`)).toBe(true)
  expect(existsSync(`${root}/reports/agenttwin.html`)).toBe(true)
  rmSync(`${root}/reports`, { recursive: true, force: true })
})

// A report file the system refuses fails the run with a line that names it, and nothing
// half-written is left beside it.
test('a report file that cannot be written fails the run with the file, the reason and the fix', async () => {
  rmSync(`${root}/reports`, { recursive: true, force: true })
  // The HTML report's path is a folder; the step summary's has the JSON report (a file) on its path.
  mkdirSync(`${root}/reports/agenttwin.html`, { recursive: true })
  try {
    const run = await runVitest({ root, config: `${root}/vitest.block.config.ts` }, [], {
      env: { GITHUB_STEP_SUMMARY: `${root}/reports/agenttwin.json/summary.md` },
    })
    expect(run.stdout).toContain(`AgentTwin report written to ${root}/reports/agenttwin.json`)
    expect(run.stdout).toContain(
      `AgentTwin HTML report not written to ${root}/reports/agenttwin.html: it is a folder. Fix: set reporter.htmlFile in agentTwin() to a file you can write, or to false for none.`,
    )
    expect(run.stdout).toContain(
      `AgentTwin step summary not written to ${root}/reports/agenttwin.json/summary.md: a part of its folder path is a file, not a folder. Fix: set reporter.stepSummaryFile`,
    )
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/Unhandled Error|EISDIR|ENOTDIR/)
    // The declared gate held; the run fails because two of its reports are missing.
    expect(run.exitCode).toBe(1)
    expect(readdirSync(`${root}/reports`).sort()).toEqual(['agenttwin.html', 'agenttwin.json'])
    expect(readdirSync(`${root}/reports/agenttwin.html`)).toEqual([])
  } finally {
    rmSync(`${root}/reports`, { recursive: true, force: true })
  }
})
