import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { linesWith } from '../support/normalise-text.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// A pair declared to block, run on part of its selection (a file filter, as
// `vitest --changed` or one shard would): the part holds no blocking case.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const demo = `${repo}examples/demo-co`
let root: string
let partial: VitestRun
let whole: VitestRun
let partialReport: { partial?: { ran: string[]; notRun: string[] } }

beforeAll(async () => {
  root = freshTmpDir('partial-runs')
  mkdirSync(`${root}/scenarios`)
  for (const name of ['order-status-question', 'refund-happy-path']) {
    const text = readFileSync(`${demo}/scenarios/${name}.scenario.yaml`, 'utf8')
    writeFileSync(
      `${root}/scenarios/${name}.scenario.yaml`,
      text.replace(/^twin: .*$/m, `twin: ${demo}/twins/demo-co.twin.yaml`),
    )
  }
  copyFileSync(`${demo}/twins/demo-co.twin.yaml`, `${root}/demo-co.twin.yaml`)
  writeFileSync(
    `${root}/vitest.config.ts`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repo}src/public/vitest.ts'`,
      `import { AgentTwinReporter } from '${repo}src/public/reporter.ts'`,
      'export default defineConfig({',
      `  plugins: [agentTwin({ scenarios: 'scenarios/*.scenario.yaml', agents: '${demo}/agent/index.ts', pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'BLOCK' }] })],`,
      "  test: { include: [], reporters: ['default', new AgentTwinReporter({ outputFile: 'report.json' })] },",
      '})',
      '',
    ].join('\n'),
  )
  partial = await runVitest({ root }, ['order-status-question'])
  partialReport = JSON.parse(readFileSync(`${root}/report.json`, 'utf8'))
  whole = await runVitest({ root })
}, 180_000)

describe('a declared gate and a partial run', () => {
  test('the partial run passes and says the declared gate was not judged, and why', () => {
    expect(linesWith(partial.stdout, 'AgentTwin: ')).toMatchInlineSnapshot(`
      [
        "AgentTwin: partial run: 1 of 2 scenario files compared; not run: scenarios/refund-happy-path.scenario.yaml. The report covers only these.",
        "AgentTwin: v1.3.0 vs v1.2.4: expectGate 'BLOCK' was not judged, because 1 of its scenario files did not run (a --changed run, a file filter or a shard); this part gated PASS.",
      ]
    `)
    expect(partial.exitCode).toBe(0)
    expect(partialReport.partial).toEqual({
      ran: ['scenarios/order-status-question.scenario.yaml'],
      notRun: ['scenarios/refund-happy-path.scenario.yaml'],
    })
  })

  test('the whole run judges the declared gate', () => {
    expect(linesWith(whole.stdout, 'AgentTwin: ')).toMatchInlineSnapshot(`
      [
        "AgentTwin: v1.3.0 vs v1.2.4 gated BLOCK, as declared (expectGate: 'BLOCK').",
      ]
    `)
    expect(whole.stdout).not.toContain('partial run')
    expect(whole.exitCode).toBe(0)
    expect(JSON.parse(readFileSync(`${root}/report.json`, 'utf8')).partial).toBeUndefined()
  })
})
