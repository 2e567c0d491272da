import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// An agent that fires a tool request without awaiting it: the request arrives
// after its case ended. It must be named as such and leave the case unfinished.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const demo = `${repo}examples/demo-co`
let root: string
let run: VitestRun

beforeAll(async () => {
  root = freshTmpDir('late-requests')
  mkdirSync(`${root}/scenarios`)
  const text = readFileSync(`${demo}/scenarios/refund-happy-path.scenario.yaml`, 'utf8')
  writeFileSync(
    `${root}/scenarios/refund-happy-path.scenario.yaml`,
    text.replace(/^twin: .*$/m, `twin: ${demo}/twins/demo-co.twin.yaml`),
  )
  writeFileSync(
    `${root}/agents.ts`,
    [
      `import { agents as demo } from '${demo}/agent/index.ts'`,
      'export const agents = {',
      "  'v1.2.4': { name: 'fire-and-forget', version: 'v1.2.4', async run(input: never, context: { baseUrl: string }) {",
      '    const result = await demo["v1.2.4"]!.run(input, context as never)',
      '    // Not awaited: the agent returns before the request is answered.',
      "    void fetch(`${context.baseUrl}/tools/send_customer_email`, { method: 'POST', body: '{}' }).catch(() => {})",
      '    return result',
      '  } },',
      '}',
      '',
    ].join('\n'),
  )
  writeFileSync(
    `${root}/hand.test.ts`,
    [
      "import { expect } from 'vitest'",
      `import { describeScenario, test } from '${repo}src/public/vitest.ts'`,
      "import { agents } from './agents.ts'",
      '',
      `describeScenario('scenarios/refund-happy-path.scenario.yaml', () => {`,
      "  test('a hand-written run of the same agent', async ({ run }) => {",
      "    const result = await run(agents['v1.2.4'])",
      "    expect(result).toHaveNoDuplicateSideEffect('refund_payment')",
      '  })',
      '})',
      '',
    ].join('\n'),
  )
  writeFileSync(
    `${root}/vitest.config.ts`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repo}src/public/vitest.ts'`,
      'export default defineConfig({',
      "  plugins: [agentTwin({ scenarios: 'scenarios/*.scenario.yaml', agents: './agents.ts', reporter: false })],",
      "  test: { include: ['*.test.ts'] },",
      '})',
      '',
    ].join('\n'),
  )
  run = await runVitest({ root })
}, 180_000)

function tests(file: string) {
  const module = run.modules.find((item) => item.moduleId.endsWith(file))
  return [...(module?.children.allTests() ?? [])]
}

const named =
  /POST https:\/\/tools\.demo-co\.example\/tools\/send_customer_email was sent after case refund-happy-path ended: did the agent await it\?/

describe('a request sent after its case ended', () => {
  test('leaves the scenario case unfinished: every expectation is ERROR, none passes', () => {
    const cases = tests('refund-happy-path.scenario.yaml')
    expect(cases.length).toBeGreaterThan(0)
    for (const item of cases) {
      expect(item.result().state, item.name).toBe('failed')
      expect(item.result().errors?.[0]?.message).toMatch(/ERROR/)
      expect(item.result().errors?.[0]?.message).toMatch(named)
    }
  })

  test('makes a hand-written run unfinished too, so its matcher cannot pass', () => {
    const [hand] = tests('hand.test.ts')
    expect(hand?.result().state).toBe('failed')
    expect(hand?.result().errors?.[0]?.message).toMatch(named)
  })

  test('is never blamed on a missing twin', () => {
    expect(`${run.stdout}\n${run.stderr}`).not.toContain('Twins in use: none')
    expect(run.exitCode).toBe(1)
  })
})
