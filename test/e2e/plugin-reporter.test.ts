import { existsSync, rmSync } from 'node:fs'
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
