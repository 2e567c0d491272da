import { existsSync, rmSync } from 'node:fs'
import { expect, test } from 'vitest'
import { repoRoot } from './helpers/normalize.ts'
import { runVitest } from './helpers/run-vitest.ts'

const root = `${repoRoot}/test/e2e/fixtures/pair`

// `vitest run --reporter=dot`: the flag replaces the configured reporters, the plugin's stays.
test('a --reporter flag adds to the reporter the plugin brings', async () => {
  rmSync(`${root}/reports`, { recursive: true, force: true })
  const run = await runVitest({ root, reporters: ['dot'] })
  expect(run.stdout).toContain('Comparison: ')
  expect(existsSync(`${root}/reports/agenttwin.json`)).toBe(true)
  expect(existsSync(`${root}/reports/agenttwin.html`)).toBe(true)
  rmSync(`${root}/reports`, { recursive: true, force: true })
})
