import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import { beforeAll, describe, expect, test } from 'vitest'
import type { TestModule } from 'vitest/node'
import { comparisonReportSchema } from '../../src/compare/report-schema.ts'
import { repoRoot } from './helpers/normalize.ts'
import { runVitest } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// One scratch project, several configs: what a user sees in every report when
// a scenario does not load, a pair case does not finish (a refused request, a
// cassette miss), and when no pair is configured at all.
const demo = `${repoRoot}/examples/demo-co`
const root = freshTmpDir('gate-truth')
const validate = new Ajv({ strict: false }).compile(comparisonReportSchema)

interface ReportJson {
  gate: { verdict: string; reasons: string[] }
  pairs: { gate: { verdict: string }; counts: Record<string, number> }[]
  singleCases?: {
    scenario: { id: string }
    agent: { version: string }
    verdict: string
    reason: string
    side: { llm?: string; refused?: { url: string }[]; metrics: { toolCalls: number } }
  }[]
  runErrors?: { kind: string; file?: string; message: string }[]
  partial?: unknown
}

const AGENTS = `import { agents as demo } from '${demo}/agent/index.ts'
const base = demo['v1.2.4']!
export const agents = {
  'v1.2.4': base,
  'v1.3.0': demo['v1.3.0']!,
  // Asks a host no twin serves, swallows the refusal, then works as v1.2.4.
  'v1.2.5': {
    name: base.name,
    version: '1.2.5',
    async run(input: unknown, context: { baseUrl: string; signal: AbortSignal }) {
      try { await fetch('https://elsewhere.example.test/status', { signal: context.signal }) } catch {}
      return base.run(input as never, context as never)
    },
  },
}
`

function config(name: string, plugin: string): void {
  writeFileSync(
    `${root}/vitest.${name}.config.ts`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repoRoot}/src/public/vitest.ts'`,
      `import { AgentTwinReporter } from '${repoRoot}/src/public/reporter.ts'`,
      'export default defineConfig({',
      `  plugins: [agentTwin(${plugin})],`,
      `  test: { include: [], reporters: ['default', new AgentTwinReporter({ outputFile: 'reports/${name}.json', stepSummaryFile: 'reports/${name}.md' })] },`,
      '})',
      '',
    ].join('\n'),
  )
}

const read = (name: string) => readFileSync(`${root}/reports/${name}`, 'utf8')
const report = (name: string) => JSON.parse(read(`${name}.json`)) as ReportJson

function testStates(modules: TestModule[]): string[] {
  return modules
    .flatMap((module) => [...module.children.allTests()])
    .map((test) => `${test.module.relativeModuleId} > ${test.name}: ${test.result().state}`)
    .sort()
}

beforeAll(() => {
  mkdirSync(`${root}/scenarios`)
  mkdirSync(`${root}/broken`)
  mkdirSync(`${root}/llm`)
  mkdirSync(`${root}/empty-cassettes`)
  for (const name of ['refund-happy-path', 'order-status-question']) {
    const text = readFileSync(`${demo}/scenarios/${name}.scenario.yaml`, 'utf8')
    writeFileSync(
      `${root}/scenarios/${name}.scenario.yaml`,
      text.replace(/^twin: .*$/m, `twin: ${demo}/twins/demo-co.twin.yaml`),
    )
  }
  const broken = readFileSync(
    `${repoRoot}/test/e2e/fixtures/single-version/scenarios/refund-broken-document.scenario.yaml`,
    'utf8',
  )
  writeFileSync(
    `${root}/broken/refund-broken.scenario.yaml`,
    broken.replace(/^twin: .*$/m, `twin: ${demo}/twins/demo-co.twin.yaml`),
  )
  copyFileSync(
    `${repoRoot}/examples/llm-agent/scenarios/order-status.scenario.yaml`,
    `${root}/llm/order-status.scenario.yaml`,
  )
  writeFileSync(
    `${root}/llm/order-status.scenario.yaml`,
    readFileSync(`${root}/llm/order-status.scenario.yaml`, 'utf8').replace(
      /^twin: .*$/m,
      `twin: ${demo}/twins/demo-co.twin.yaml`,
    ),
  )
  writeFileSync(`${root}/agents.ts`, AGENTS)
  config(
    'broken',
    `{ scenarios: ['scenarios/*.scenario.yaml', 'broken/*.scenario.yaml'], agents: './agents.ts', pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'BLOCK' }] }`,
  )
  config(
    'refused',
    `{ scenarios: 'scenarios/*.scenario.yaml', agents: './agents.ts', pairs: [{ baseline: 'v1.2.4', candidate: 'v1.2.5' }] }`,
  )
  config(
    'declared',
    `{ scenarios: 'scenarios/*.scenario.yaml', agents: './agents.ts', pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'BLOCK' }] }`,
  )
  config(
    'single',
    `{ scenarios: 'scenarios/*.scenario.yaml', agents: './agents.ts', versions: ['v1.2.4', 'v1.2.5'] }`,
  )
  config(
    'cassettes',
    `{ scenarios: 'llm/*.scenario.yaml', agents: '${repoRoot}/examples/llm-agent/agent/index.ts', pairs: [{ baseline: 'v1', candidate: 'v2' }], models: { hosts: ['http://127.0.0.1:4010/v1'], cassetteDir: 'empty-cassettes' } }`,
  )
})

const run = (name: string, env: Record<string, string | undefined> = {}) =>
  runVitest({ root, config: `${root}/vitest.${name}.config.ts` }, [], {
    env: { CI: undefined, AGENTTWIN_MODELS: undefined, LLM_BASE_URL: undefined, ...env },
  })

describe('a scenario file that does not load', { timeout: 180_000 }, () => {
  let broken: Awaited<ReturnType<typeof run>>
  beforeAll(async () => {
    broken = await run('broken')
  })

  test('is in the JSON report with its file and cause, and blocks the gate', () => {
    const json = report('broken')
    expect(broken.exitCode).toBe(1)
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true)
    expect(json.gate.verdict).toBe('BLOCK')
    expect(json.pairs[0]!.gate.verdict).toBe('BLOCK')
    expect(json.runErrors).toHaveLength(1)
    expect(json.runErrors![0]).toMatchObject({
      kind: 'load-failure',
      file: 'broken/refund-broken.scenario.yaml',
    })
    expect(json.runErrors![0]!.message).toContain('`seed` must be an integer')
    expect(json.gate.reasons).toContain(
      'demo-co-support 1.3.0 vs 1.2.4: 1 file did not load: broken/refund-broken.scenario.yaml (block)',
    )
    // It ran and failed; it was not left out by a filter.
    expect(json.partial).toBeUndefined()
  })

  test('the terminal, the HTML and the step summary name it, and the declared gate is not judged', () => {
    expect(broken.stdout).toContain('broken/refund-broken.scenario.yaml did not load')
    expect(broken.stdout).toContain(
      "AgentTwin: v1.3.0 vs v1.2.4: expectGate 'BLOCK' was not judged, because a scenario file did not load (broken/refund-broken.scenario.yaml); the run fails until it loads.",
    )
    expect(broken.stdout).not.toContain('a --changed run, a file filter or a shard')
    expect(broken.stdout).not.toContain('as declared')
    const html = read('broken.html')
    expect(html).toContain('broken/refund-broken.scenario.yaml did not load')
    expect(html).toContain('`seed` must be an integer')
    expect(html).toContain('<title>AgentTwin comparison: BLOCK</title>')
    const summary = read('broken.md')
    expect(summary).toContain('- **broken/refund-broken.scenario.yaml did not load**')
    expect(summary).toContain('`seed` must be an integer')
    expect(summary).toContain('**Overall gate: BLOCK**')
    expect(summary).not.toContain('as declared')
    expect(summary).not.toMatch(/PASS/)
  })
})

describe('a pair case that did not finish', { timeout: 240_000 }, () => {
  test('warns locally: the tests pass, the gate is WARN with the refused request as the cause', async () => {
    const local = await run('refused')
    expect(local.exitCode).toBe(0)
    const json = report('refused')
    expect(json.gate.verdict).toBe('WARN')
    expect(json.pairs[0]!.counts.INCOMPLETE).toBe(2)
    expect(read('refused.md')).toContain(
      'candidate did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status.',
    )
  })

  test('fails its test under CI with the cause, and the run exits 1', async () => {
    const ci = await run('refused', { CI: 'true' })
    expect(ci.exitCode).toBe(1)
    expect(testStates(ci.modules)).toEqual([
      'scenarios/order-status-question.scenario.yaml > v1.2.5 vs v1.2.4 · INCOMPLETE: failed',
      'scenarios/refund-happy-path.scenario.yaml > v1.2.5 vs v1.2.4 · INCOMPLETE: failed',
    ])
    // Vitest prints failed tests on stderr.
    expect(ci.stderr).toContain(
      'IncompletePair: INCOMPLETE: v1.2.5 vs v1.2.4 on refund-happy-path was not compared to the end: the candidate did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status.',
    )
    expect(ci.stderr).toContain('Under CI a pair case that did not run is not a passing test.')
    expect(report('refused').gate.verdict).toBe('WARN')
  })

  test('a cassette miss in a paired CI run exits non-zero and says which cassette', async () => {
    const ci = await run('cassettes', { CI: 'true' })
    expect(ci.exitCode).toBe(1)
    expect(testStates(ci.modules)).toEqual([
      'llm/order-status.scenario.yaml > v2 vs v1 · INCOMPLETE: failed',
    ])
    expect(ci.stderr).toContain('the baseline did not finish (model-cassette:')
    const json = report('cassettes')
    expect(json.gate.verdict).toBe('WARN')
    expect(read('cassettes.md')).toContain('baseline did not finish (model-cassette:')
  })
})

describe('a run without pairs', { timeout: 180_000 }, () => {
  test('writes every report with each case on one version: verdict, llm, tokens, refusals', async () => {
    const single = await run('single')
    expect(single.exitCode).toBe(1)
    const json = report('single')
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true)
    expect(json.pairs).toEqual([])
    expect(
      json.singleCases!.map((item) => `${item.scenario.id} ${item.agent.version} ${item.verdict}`),
    ).toEqual([
      'order-status-question 1.2.4 PASS',
      'order-status-question 1.2.5 INCOMPLETE',
      'refund-happy-path 1.2.4 PASS',
      'refund-happy-path 1.2.5 INCOMPLETE',
    ])
    const refused = json.singleCases![1]!
    expect(refused.side.llm).toBe('scripted')
    expect(refused.side.refused?.map((item) => item.url)).toEqual([
      'https://elsewhere.example.test/status',
    ])
    expect(refused.reason).toContain('The case did not finish (unhandled-request:')
    expect(json.gate).toEqual({
      verdict: 'WARN',
      reasons: ['2 INCOMPLETE cases on one version (warn)'],
    })
    expect(single.stdout).toContain('Cases on one version: 2 INCOMPLETE, 2 PASS')
    expect(single.stdout).toContain('    refused GET https://elsewhere.example.test/status\n')
    expect(single.stdout).toContain('tool calls 5 · llm scripted · tokens n/a')
    const html = read('single.html')
    expect(html).toContain('Cases on one version: 2 INCOMPLETE, 2 PASS')
    expect(html).toContain('refund-happy-path 1.0.0 on demo-co-support 1.2.5')
    expect(read('single.md')).toContain(
      '| refund-happy-path 1.0.0 on demo-co-support 1.2.4 | PASS |',
    )
  })
})

describe('a declared gate', { timeout: 180_000 }, () => {
  test('a changed case carries its class in its test name, an unchanged one does not', async () => {
    const declared = await run('declared')
    expect(declared.exitCode).toBe(0)
    expect(testStates(declared.modules)).toEqual([
      'scenarios/order-status-question.scenario.yaml > v1.3.0 vs v1.2.4: passed',
      'scenarios/refund-happy-path.scenario.yaml > v1.3.0 vs v1.2.4 · REGRESSED: passed',
    ])
  })
})
