import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import { beforeAll, describe, expect, test } from 'vitest'
import type { TestModule } from 'vitest/node'
import { comparisonReportSchema } from '../../src/compare/report-schema.ts'
import { parseHtml } from '../support/html-dom.ts'
import { blockOf, linesWith, normaliseText } from '../support/normalise-text.ts'
import { failureBlock, repoRoot } from './helpers/normalize.ts'
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

function config(name: string, plugin: string, include: string[] = []): void {
  writeFileSync(
    `${root}/vitest.${name}.config.ts`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repoRoot}/src/public/vitest.ts'`,
      `import { AgentTwinReporter } from '${repoRoot}/src/public/reporter.ts'`,
      'export default defineConfig({',
      `  plugins: [agentTwin(${plugin})],`,
      `  test: { include: ${JSON.stringify(include)}, reporters: ['default', new AgentTwinReporter({ outputFile: 'reports/${name}.json', stepSummaryFile: 'reports/${name}.md' })] },`,
      '})',
      '',
    ].join('\n'),
  )
}

const read = (name: string) => readFileSync(`${root}/reports/${name}`, 'utf8')
/** Rendered text with the scratch project's path as `<root>`. */
const stable = (text: string) => normaliseText(text, { root })
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
  mkdirSync(`${root}/hand`)
  writeFileSync(
    `${root}/hand/refund.test.ts`,
    [
      "import { expect, test as plainTest } from 'vitest'",
      `import { describeScenario, test } from '${repoRoot}/src/public/vitest.ts'`,
      "import { agents } from '../agents.ts'",
      '',
      "describeScenario('../scenarios/refund-happy-path.scenario.yaml', () => {",
      "  test('refunds once', async ({ run }) => {",
      "    expect(await run(agents['v1.2.4'])).toBeBackedByState('orders.ORD-1001.refund_count', 1)",
      '  })',
      "  test('refunds twice', async ({ run }) => {",
      "    expect(await run(agents['v1.2.4'])).toBeBackedByState('orders.ORD-1001.refund_count', 2)",
      '  })',
      '})',
      '',
      "plainTest('adds up', () => {",
      '  expect(1 + 1).toBe(3)',
      '})',
      '',
    ].join('\n'),
  )
  config(
    'handwritten',
    `{ scenarios: 'scenarios/order-status-question.scenario.yaml', agents: './agents.ts', pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'PASS' }] }`,
    ['hand/*.test.ts'],
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
    expect(stable(json.runErrors![0]!.message)).toMatchInlineSnapshot(`
      "2 problems:
      <root>/broken/refund-broken.scenario.yaml:6:7 \`seed\` must be an integer, found the string "seven" at seed. Fix: write an integer
      <root>/broken/refund-broken.scenario.yaml:12:11 twin "demo-co-support-tools" has no tool "refund_paymnt" at faults[0].tool. Fix: did you mean "refund_payment"? The twin's tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human"
    `)
    expect(json.gate.reasons).toEqual([
      'demo-co-support 1.3.0 vs 1.2.4: 1 REGRESSED case (block)',
      'demo-co-support 1.3.0 vs 1.2.4: 1 file did not load: broken/refund-broken.scenario.yaml (block)',
    ])
    // It ran and failed; it was not left out by a filter.
    expect(json.partial).toBeUndefined()
  })

  test('the terminal, the HTML and the step summary name it, and the declared gate is not judged', () => {
    expect(stable(blockOf(broken.stdout, 'Not judged'))).toMatchInlineSnapshot(`
      "Not judged (each blocks the gate)
        broken/refund-broken.scenario.yaml did not load
          2 problems:
          <root>/broken/refund-broken.scenario.yaml:6:7 \`seed\` must be an integer, found the string "seven" at seed. Fix: write an integer
          <root>/broken/refund-broken.scenario.yaml:12:11 twin "demo-co-support-tools" has no tool "refund_paymnt" at faults[0].tool. Fix: did you mean "refund_payment"? The twin's tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human"
    `)
    expect(stable(blockOf(broken.stdout, 'Gate BLOCK: demo-co-support'))).toMatchInlineSnapshot(
      `"Gate BLOCK: demo-co-support 1.3.0 vs 1.2.4: 1 REGRESSED case (block); demo-co-support 1.3.0 vs 1.2.4: 1 file did not load: broken/refund-broken.scenario.yaml (block)"`,
    )
    expect(stable(blockOf(broken.stdout, 'AgentTwin report written'))).toMatchInlineSnapshot(`
      "AgentTwin report written to <root>/reports/broken.json
      AgentTwin HTML report written to <root>/reports/broken.html
      AgentTwin: v1.3.0 vs v1.2.4: expectGate 'BLOCK' was not judged, because a scenario file did not load (broken/refund-broken.scenario.yaml); the run fails until it loads."
    `)
    expect(broken.stdout).not.toContain('a --changed run, a file filter or a shard')
    expect(broken.stdout).not.toContain('as declared')
    const page = parseHtml(read('broken.html'))
    expect(page.document.title).toBe('AgentTwin comparison: BLOCK')
    expect(page.text('.run-error h4')).toBe('broken/refund-broken.scenario.yaml did not load')
    expect(stable(page.text('section.run-errors'))).toMatchInlineSnapshot(
      `"Not judged: each blocks the gate broken/refund-broken.scenario.yaml did not load 2 problems: <root>/broken/refund-broken.scenario.yaml:6:7 \`seed\` must be an integer, found the string "seven" at seed. Fix: write an integer <root>/broken/refund-broken.scenario.yaml:12:11 twin "demo-co-support-tools" has no tool "refund_paymnt" at faults[0].tool. Fix: did you mean "refund_payment"? The twin's tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human"`,
    )
    const summary = read('broken.md')
    expect(stable(summary.slice(summary.indexOf('### ⛔ Not judged')))).toMatchInlineSnapshot(`
      "### ⛔ Not judged

      - **broken/refund-broken.scenario.yaml did not load**

        \`\`\`text
        2 problems:
        <root>/broken/refund-broken.scenario.yaml:6:7 \`seed\` must be an integer, found the string "seven" at seed. Fix: write an integer
        <root>/broken/refund-broken.scenario.yaml:12:11 twin "demo-co-support-tools" has no tool "refund_paymnt" at faults[0].tool. Fix: did you mean "refund_payment"? The twin's tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human
        \`\`\`

      **Overall gate: BLOCK**

      "
    `)
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
    expect(linesWith(read('refused.md'), '| INCOMPLETE |')).toMatchInlineSnapshot(`
      [
        "| INCOMPLETE | 2 |",
        "| \`order-status-question\` | INCOMPLETE | step 2 (outcome): At step 2 both sides stopped calling tools; the baseline reported SUCCESS and the candidate did not finish (unhandled-request). | order-looked-up (ERROR), no-refund (ERROR, critical), nothing-changed (ERROR, critical), not-handed-off (ERROR); candidate did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.) |",
        "| \`refund-happy-path\` | INCOMPLETE | step 6 (outcome): At step 6 both sides stopped calling tools; the baseline reported SUCCESS and the candidate did not finish (unhandled-request). | refunded-exactly-once (ERROR, critical), refunded-amount (ERROR, critical), no-double-refund (ERROR, critical), success-backed-by-state (ERROR, critical), policy-before-refund (ERROR), customer-notified (ERROR), not-handed-off (ERROR); candidate did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.) |",
      ]
    `)
  })

  test('fails its test under CI with the cause, and the run exits 1', async () => {
    const ci = await run('refused', { CI: 'true' })
    expect(ci.exitCode).toBe(1)
    expect(testStates(ci.modules)).toEqual([
      'scenarios/order-status-question.scenario.yaml > v1.2.5 vs v1.2.4 · INCOMPLETE: failed',
      'scenarios/refund-happy-path.scenario.yaml > v1.2.5 vs v1.2.4 · INCOMPLETE: failed',
    ])
    // Vitest prints failed tests on stderr.
    expect(
      stable(failureBlock(ci.stderr, 'scenarios/refund-happy-path.scenario.yaml:2:5 >')),
    ).toMatchInlineSnapshot(`
      " FAIL  scenarios/refund-happy-path.scenario.yaml:2:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.2.5 vs v1.2.4 · INCOMPLETE
      IncompletePair: INCOMPLETE: v1.2.5 vs v1.2.4 on refund-happy-path was not compared to the end: the candidate did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.).
      Under CI a pair case that did not run is not a passing test.
       ❯ refund-happy-path scenarios/refund-happy-path.scenario.yaml:2:5
            1| apiVersion: agenttwin/scenario.v1
            2| id: refund-happy-path
             |     ^
            3| version: 1.0.0
            4| title: A 40 USD refund for a broken mug set

       ❯ agenttwin
         ↳ INCOMPLETE. At step 6 both sides stopped calling tools; the baseline reported SUCCESS and the candidate did not finish (unhandled-request). All 5 tool calls matched on both sides. The candidate did not finish: unhandled-request (the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.)."
    `)
    expect(report('refused').gate.verdict).toBe('WARN')
  })

  test('a cassette miss in a paired CI run exits non-zero and says which cassette', async () => {
    const ci = await run('cassettes', { CI: 'true' })
    expect(ci.exitCode).toBe(1)
    expect(testStates(ci.modules)).toEqual([
      'llm/order-status.scenario.yaml > v2 vs v1 · INCOMPLETE: failed',
    ])
    expect(
      stable(failureBlock(ci.stderr, 'llm/order-status.scenario.yaml:2:5 >')),
    ).toMatchInlineSnapshot(`
      " FAIL  llm/order-status.scenario.yaml:2:5 > llm-order-status: A customer asks about an order, answered by a language model > v2 vs v1 · INCOMPLETE
      IncompletePair: INCOMPLETE: v2 vs v1 on llm-order-status was not compared to the end: the baseline did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <root>/empty-cassettes/llm-order-status/llm-support@v1.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <root>/llm/order-status.scenario.yaml); the candidate did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <root>/empty-cassettes/llm-order-status/llm-support@v2.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <root>/llm/order-status.scenario.yaml).
      Under CI a pair case that did not run is not a passing test.
       ❯ llm-order-status llm/order-status.scenario.yaml:2:5
            1| apiVersion: agenttwin/scenario.v1
            2| id: llm-order-status
             |     ^
            3| version: 1.0.0
            4| title: A customer asks about an order, answered by a language model

       ❯ agenttwin
         ↳ INCOMPLETE: the baseline did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <root>/empty-cassettes/llm-order-status/llm-support@v1.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <root>/llm/order-status.scenario.yaml); the candidate did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <root>/empty-cassettes/llm-order-status/llm-support@v2.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <root>/llm/order-status.scenario.yaml)."
    `)
    const json = report('cassettes')
    expect(json.gate.verdict).toBe('WARN')
    expect(
      stable(linesWith(read('cassettes.md'), '| `llm-order-status` |').join('\n')),
    ).toMatchInlineSnapshot(
      `"| \`llm-order-status\` | INCOMPLETE | none | order-looked-up (ERROR), no-refund (ERROR, critical); candidate did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <root>/empty-cassettes/llm-order-status/llm-support@v2.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <root>/llm/order-status.scenario.yaml); baseline did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <root>/empty-cassettes/llm-order-status/llm-support@v1.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <root>/llm/order-status.scenario.yaml) |"`,
    )
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
    expect(refused.reason).toMatchInlineSnapshot(
      `"The case did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.)."`,
    )
    expect(json.gate).toEqual({
      verdict: 'WARN',
      reasons: ['2 INCOMPLETE cases on one version (warn)'],
    })
    expect(stable(blockOf(single.stdout, 'Cases on one version'))).toMatchInlineSnapshot(`
      "Cases on one version: 2 INCOMPLETE, 2 PASS
        PASS order-status-question 1.0.0 on demo-co-support 1.2.4: All 4 expectations passed.
          tool calls 1 · llm scripted · tokens n/a
        INCOMPLETE order-status-question 1.0.0 on demo-co-support 1.2.5: The case did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.).
          tool calls 1 · llm scripted · tokens n/a · refused 1
          refused GET https://elsewhere.example.test/status
        PASS refund-happy-path 1.0.0 on demo-co-support 1.2.4: All 7 expectations passed.
          tool calls 5 · llm scripted · tokens n/a
        INCOMPLETE refund-happy-path 1.0.0 on demo-co-support 1.2.5: The case did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.).
          tool calls 5 · llm scripted · tokens n/a · refused 1
          refused GET https://elsewhere.example.test/status"
    `)
    const page = parseHtml(read('single.html'))
    expect(page.texts('h2')).toEqual(['Cases on one version: 2 INCOMPLETE, 2 PASS'])
    expect(page.rows('table.singles')).toMatchInlineSnapshot(`
      [
        [
          "case",
          "verdict",
          "why",
          "evidence",
        ],
        [
          "order-status-question 1.0.0 on demo-co-support 1.2.4",
          "PASS",
          "All 4 expectations passed.",
          "tool calls 1 · llm scripted · tokens n/a",
        ],
        [
          "order-status-question 1.0.0 on demo-co-support 1.2.5",
          "INCOMPLETE",
          "The case did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.).",
          "tool calls 1 · llm scripted · tokens n/a · refused 1 refused GET https://elsewhere.example.test/status",
        ],
        [
          "refund-happy-path 1.0.0 on demo-co-support 1.2.4",
          "PASS",
          "All 7 expectations passed.",
          "tool calls 5 · llm scripted · tokens n/a",
        ],
        [
          "refund-happy-path 1.0.0 on demo-co-support 1.2.5",
          "INCOMPLETE",
          "The case did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.).",
          "tool calls 5 · llm scripted · tokens n/a · refused 1 refused GET https://elsewhere.example.test/status",
        ],
      ]
    `)
    expect(blockOf(read('single.md'), '| case | verdict |')).toMatchInlineSnapshot(`
      "| case | verdict | why | evidence |
      | --- | --- | --- | --- |
      | order-status-question 1.0.0 on demo-co-support 1.2.4 | PASS | All 4 expectations passed. | tool calls 1 · llm scripted · tokens n/a |
      | order-status-question 1.0.0 on demo-co-support 1.2.5 | INCOMPLETE | The case did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.). | tool calls 1 · llm scripted · tokens n/a · refused 1; refused GET https://elsewhere.example.test/status |
      | refund-happy-path 1.0.0 on demo-co-support 1.2.4 | PASS | All 7 expectations passed. | tool calls 5 · llm scripted · tokens n/a |
      | refund-happy-path 1.0.0 on demo-co-support 1.2.5 | INCOMPLETE | The case did not finish (unhandled-request: the agent sent requests no twin handles: GET https://elsewhere.example.test/status. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.). | tool calls 5 · llm scripted · tokens n/a · refused 1; refused GET https://elsewhere.example.test/status |"
    `)
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

describe('a failed test written by hand beside a pair', { timeout: 180_000 }, () => {
  test('blocks the report gate in every report, the pair gating as its cases showed', async () => {
    const handwritten = await run('handwritten')
    expect(handwritten.exitCode).toBe(1)
    const json = report('handwritten')
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true)
    expect(json.pairs[0]!.gate.verdict).toBe('PASS')
    expect(json.gate).toEqual({
      verdict: 'BLOCK',
      reasons: ['2 tests failed in hand/refund.test.ts (block)'],
    })
    expect(json.runErrors!.map(({ message, ...error }) => error)).toEqual([
      {
        kind: 'failed-test',
        file: 'hand/refund.test.ts',
        project: '',
        test: 'refund-happy-path: A 40 USD refund for a broken mug set > refunds twice',
      },
      { kind: 'failed-test', file: 'hand/refund.test.ts', project: '', test: 'adds up' },
    ])
    expect(json.runErrors![0]!.message).toContain('orders.ORD-1001.refund_count')
    expect(json.runErrors![1]!.message).toBe('expected 2 to be 3 // Object.is equality')
    const out = handwritten.stdout
    const section = out.slice(out.indexOf('Failed tests ('), out.indexOf('Gate BLOCK'))
    expect(stable(section)).toMatchInlineSnapshot(`
      "Failed tests (each blocks the gate)
        hand/refund.test.ts > refund-happy-path: A 40 USD refund for a broken mug set > refunds twice failed
          expect(run).toBeBackedByState(…)

          Expected refund-happy-path (demo-co-support@1.2.4) to have its success claim backed by orders.ORD-1001.refund_count that equals 2.
          Evidence (STATE_MISMATCH): The agent claimed SUCCESS, but orders.ORD-1001.refund_count is 1, expected 2; changed by refund_payment #3.
        hand/refund.test.ts > adds up failed
          expected 2 to be 3 // Object.is equality

      "
    `)
    expect(handwritten.stdout).toContain(
      "AgentTwin: v1.3.0 vs v1.2.4 gated PASS, as declared (expectGate: 'PASS').",
    )
    expect(parseHtml(read('handwritten.html')).document.title).toBe('AgentTwin comparison: BLOCK')
    const summary = read('handwritten.md')
    expect(summary).toContain('- **hand/refund.test.ts > adds up failed**')
    expect(summary).toContain('**Overall gate: BLOCK')
  })
})
