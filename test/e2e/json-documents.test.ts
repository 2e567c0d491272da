import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// A project that writes its documents as JSON: a `.scenario.json` (found by
// the plugin's default glob) and a JSON twin with a syntax error.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const demo = `${repo}examples/demo-co`
let root: string
let run: VitestRun

beforeAll(async () => {
  root = freshTmpDir('json-documents')
  mkdirSync(`${root}/scenarios`)
  mkdirSync(`${root}/twins`)
  const happy = parse(readFileSync(`${demo}/scenarios/refund-happy-path.scenario.yaml`, 'utf8'))
  happy.twin = `${demo}/twins/demo-co.twin.yaml`
  writeFileSync(`${root}/scenarios/happy.scenario.json`, `${JSON.stringify(happy, null, 2)}\n`)
  const twin = parse(readFileSync(`${demo}/twins/demo-co.twin.yaml`, 'utf8'))
  const twinText = JSON.stringify(twin, null, 2).replace('"name": "demo-co', '"name" "demo-co')
  writeFileSync(`${root}/twins/broken.twin.json`, twinText)
  writeFileSync(
    `${root}/scenarios/broken-twin.scenario.json`,
    JSON.stringify({ ...happy, id: 'broken-twin', twin: '../twins/broken.twin.json' }, null, 2),
  )
  writeFileSync(
    `${root}/vitest.config.ts`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repo}src/public/vitest.ts'`,
      'export default defineConfig({',
      `  plugins: [agentTwin({ agents: '${demo}/agent/index.ts', versions: ['v1.2.4'] })],`,
      '})',
      '',
    ].join('\n'),
  )
  run = await runVitest({ root, reporters: ['verbose'] })
}, 120_000)

describe('scenario and twin documents written as JSON', () => {
  test('a .scenario.json runs through the plugin like its YAML twin', () => {
    const happy = testList(run.modules, root).filter((line) => line.startsWith('scenarios/happy'))
    expect(happy.length).toBeGreaterThan(3)
    expect(happy.every((line) => line.endsWith('| passed'))).toBe(true)
  })

  test('a JSON twin with a syntax error is named with its line and column, not by Vite', () => {
    const output = run.stdout + run.stderr
    expect(output).not.toContain('vite-json')
    expect(output).toMatch(/twins\/broken\.twin\.json:\d+:\d+ /)
    expect(run.exitCode).toBe(1)
  })
})
