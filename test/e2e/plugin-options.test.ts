import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// Options mean what they say: an empty scenario list, agent files that are
// only watched, and a hand-written run(agent) that uses the plugin's models.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const scenario = `${repo}examples/demo-co/scenarios/refund-happy-path.scenario.yaml`
let root: string
let run: VitestRun

beforeAll(async () => {
  root = freshTmpDir('plugin-options')
  mkdirSync(`${root}/agent`)
  writeFileSync(
    `${root}/vitest.config.ts`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repo}src/public/vitest.ts'`,
      'export default defineConfig({',
      "  plugins: [agentTwin({ scenarios: [], agents: './agent/index.ts', agentFiles: 'agent/*.ts', reporter: false,",
      "    models: { hosts: ['llm.acme.test'], mode: 'replay', cassetteDir: '__cassettes__' } })],",
      "  test: { include: ['*.test.ts'] },",
      '})',
      '',
    ].join('\n'),
  )
  writeFileSync(
    `${root}/agent/index.ts`,
    [
      'export const prompt = (name: string) => `Hello ${name}`',
      'export const agents = {',
      "  v1: { name: 'llm-agent', version: 'v1', async run() {",
      "    const answer = await fetch('https://llm.acme.test/v1/chat/completions', { method: 'POST', body: '{}' }).then(",
      '      () => "answered", (error: Error) => error.message)',
      "    return { reply: answer, outcome: 'FAILURE' as const }",
      '  } },',
      '}',
      '',
    ].join('\n'),
  )
  // Parsed as scenario YAML, this module could not even load.
  writeFileSync(`${root}/stray.scenario.yaml`, 'not: [a scenario\n')
  writeFileSync(
    `${root}/hand.test.ts`,
    [
      "import { expect } from 'vitest'",
      `import { describeScenario, test } from '${repo}src/public/vitest.ts'`,
      "import { agents, prompt } from './agent/index.ts'",
      '',
      "test('an agent file keeps its exports', () => {",
      "  expect(prompt('Ada')).toBe('Hello Ada')",
      '})',
      '',
      `describeScenario(${JSON.stringify(scenario)}, () => {`,
      "  test('a hand-written run uses the plugin models', async ({ run }) => {",
      '    const result = await run(agents.v1)',
      "    expect(result.error?.kind, result.error?.message).toBe('model-cassette')",
      '    expect(result.refused ?? []).toEqual([])',
      '  })',
      '})',
      '',
    ].join('\n'),
  )
  run = await runVitest({ root }, [], { env: { AGENTTWIN_MODELS: undefined, CI: undefined } })
}, 180_000)

describe('options mean what they say', () => {
  test('scenarios: [] selects no scenario file; plain tests still run', () => {
    const files = run.modules.map((module) => module.moduleId.replace(`${root}/`, ''))
    expect(files).toEqual(['hand.test.ts'])
  })

  test('agentFiles only marks files to watch: the module keeps its exports', () => {
    const test = [...(run.modules[0]?.children.allTests() ?? [])].find((t) =>
      t.name.includes('exports'),
    )
    expect(test?.result().state).toBe('passed')
  })

  test("a hand-written run(agent) serves the plugin's model hosts (a replay miss, not a refusal)", () => {
    const test = [...(run.modules[0]?.children.allTests() ?? [])].find((t) =>
      t.name.includes('plugin models'),
    )
    expect(test?.result().errors?.[0]?.message).toBeUndefined()
    expect(test?.result().state).toBe('passed')
    expect(run.exitCode).toBe(0)
  })
})
