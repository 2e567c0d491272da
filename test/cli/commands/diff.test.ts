import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { Ajv } from 'ajv'
import { afterEach, describe, expect, it } from 'vitest'
import { createDiffCommand } from '../../../src/cli/commands/diff.ts'
import { type ComparisonReport, comparisonReportSchema } from '../../../src/compare/index.ts'
import { blockOf, linesWith, normaliseText } from '../../support/normalise-text.ts'
import { capture, DEMO_AGENTS, DEMO_SCENARIOS, ROOT, tempDir } from './support/capture.ts'

const diff = createDiffCommand({ env: {}, color: false })
const cleanups: Array<() => void> = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function versions(baseline: string, candidate: string): string[] {
  return ['--agent', DEMO_AGENTS, '--baseline', baseline, '--candidate', candidate]
}

/** The summary the terminal report opens with: the pair, tool calls, counts per class and the gate. */
function summary(stdout: string): string {
  return normaliseText(stdout.split('\n\n').slice(0, 3).join('\n\n'))
}

describe('agenttwin diff on the Demo Co agents', { timeout: 120_000 }, () => {
  it('v1.3.0 vs v1.2.4: 2 new critical failures, 1 regression, 6 unchanged; tool calls 30 vs 22; BLOCK exits 1', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const { code, stdout, stderr } = await capture(diff, [
      DEMO_SCENARIOS,
      ...versions('v1.2.4', 'v1.3.0'),
      '--json',
      `${temp.dir}/report.json`,
      '--markdown',
      `${temp.dir}/summary.md`,
    ])
    expect(stderr).toBe('Comparing demo-co-support 1.3.0 with 1.2.4 on 9 pinned scenarios...\n')
    expect(code).toBe(1)
    expect(summary(stdout)).toMatchInlineSnapshot(`
      "Comparison: demo-co-support 1.3.0 (candidate) vs demo-co-support 1.2.4 (baseline)
                               baseline 1.2.4  candidate 1.3.0
        tool calls                         30               22

        NEW_CRITICAL_FAILURE  2
        REGRESSED             1
        INCOMPLETE            0
        IMPROVED              0
        UNCHANGED             6

        Gate BLOCK: 2 NEW_CRITICAL_FAILURE cases (block), 1 REGRESSED case (block)"
    `)
    // Every case that is not unchanged, in its own block; the regression's divergence in words.
    const headings = stdout.split('\n\n').map((block) => block.split('\n')[0])
    expect(headings.filter((line) => /^[A-Z_]+ /.test(line ?? ''))).toMatchInlineSnapshot(`
      [
        "REGRESSED refund-happy-path v1.0.0 A 40 USD refund for a broken mug set",
        "NEW_CRITICAL_FAILURE refund-timeout-after-mutation v1.0.0 The payment provider refunds, then times out before answering",
        "NEW_CRITICAL_FAILURE refund-tool-success-lie v1.0.0 The payment provider answers "succeeded" and records nothing",
      ]
    `)
    const regressed = blockOf(stdout, 'REGRESSED refund-happy-path').split('\n  Expectations')[0]
    expect(normaliseText(regressed!)).toMatchInlineSnapshot(`
      "REGRESSED refund-happy-path v1.0.0 A 40 USD refund for a broken mug set
        expectation policy-before-refund is PASS on the baseline and FAIL on the candidate
        baseline reported SUCCESS; candidate reported SUCCESS
        First divergence at step 2 (tool)
          At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).
          The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point."
    `)

    const report = JSON.parse(readFileSync(`${temp.dir}/report.json`, 'utf8')) as ComparisonReport
    const validate = new Ajv({ strict: false }).compile(comparisonReportSchema)
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    expect(report.gate.verdict).toBe('BLOCK')
    expect(report.pairs[0]?.toolCalls).toEqual({ baseline: 30, candidate: 22 })
    expect(report.pairs[0]?.cases.map((item) => item.scenario.id)).toHaveLength(9)
    expect(
      normaliseText(linesWith(stdout, 'written to').join('\n'), { tmp: temp.dir }),
    ).toMatchInlineSnapshot(`
      "AgentTwin report written to <tmp>/report.json
      AgentTwin Markdown summary written to <tmp>/summary.md"
    `)
    const markdown = readFileSync(`${temp.dir}/summary.md`, 'utf8')
    expect(blockOf(markdown, '| tool calls |')).toBe('| tool calls | 30 | 22 |')
    expect(blockOf(markdown, '| class | cases |')).toMatchInlineSnapshot(`
      "| class | cases |
      | --- | ---: |
      | NEW_CRITICAL_FAILURE | 2 |
      | REGRESSED | 1 |
      | INCOMPLETE | 0 |
      | IMPROVED | 0 |
      | UNCHANGED | 6 |"
    `)
  })

  it('v1.3.1 vs v1.3.0: the 3 failing cases improve, 6 unchanged; PASS exits 0', async () => {
    const { code, stdout } = await capture(diff, [
      `${DEMO_SCENARIOS}/*.scenario.yaml`,
      ...versions('v1.3.0', 'v1.3.1'),
    ])
    expect(summary(stdout)).toMatchInlineSnapshot(`
      "Comparison: demo-co-support 1.3.1 (candidate) vs demo-co-support 1.3.0 (baseline)
                               baseline 1.3.0  candidate 1.3.1
        tool calls                         22               30

        NEW_CRITICAL_FAILURE  0
        REGRESSED             0
        INCOMPLETE            0
        IMPROVED              3
        UNCHANGED             6

        Gate PASS"
    `)
    expect(code).toBe(0)
  })

  it('v1.3.1 vs v1.2.4: all 9 unchanged; PASS exits 0', async () => {
    const { code, stdout } = await capture(diff, [DEMO_SCENARIOS, ...versions('v1.2.4', 'v1.3.1')])
    expect(summary(stdout)).toMatchInlineSnapshot(`
      "Comparison: demo-co-support 1.3.1 (candidate) vs demo-co-support 1.2.4 (baseline)
                               baseline 1.2.4  candidate 1.3.1
        tool calls                         30               30

        NEW_CRITICAL_FAILURE  0
        REGRESSED             0
        INCOMPLETE            0
        IMPROVED              0
        UNCHANGED             9

        Gate PASS
      "
    `)
    expect(code).toBe(0)
  })

  it('a candidate that does not finish makes the case INCOMPLETE: the gate warns, exit 0 with a note', async () => {
    const temp = tempDir({
      'agents.ts': `import { agents as demo } from '${ROOT}${DEMO_AGENTS}'
export const agents = {
  stable: demo['v1.2.4'],
  broken: { name: 'demo-co-support', version: '9.9.9-broken', run: async () => { throw new Error('model unavailable') } },
}\n`,
    })
    cleanups.push(temp.remove)
    const brokenCandidate = [
      `${ROOT}${DEMO_SCENARIOS}/order-status-question.scenario.yaml`,
      '--agent',
      'agents.ts',
      '--baseline',
      'stable',
      '--candidate',
      'broken',
    ]
    const { code, stdout } = await capture(diff, brokenCandidate, temp.dir)
    expect(normaliseText(stdout, { dir: temp.dir })).toMatchInlineSnapshot(`
      "Comparison: demo-co-support 9.9.9-broken (candidate) vs demo-co-support 1.2.4 (baseline)
                                      baseline 1.2.4  candidate 9.9.9-broken
        tool calls                                 1                       0

        NEW_CRITICAL_FAILURE  0
        REGRESSED             0
        INCOMPLETE            1
        IMPROVED              0
        UNCHANGED             0

        Gate WARN: 1 INCOMPLETE case (warn)

      INCOMPLETE order-status-question v1.0.0 A customer asks where their order is
        the candidate did not finish
        baseline reported SUCCESS; candidate did not finish (threw: demo-co-support@9.9.9-broken threw Error: model unavailable)
        First divergence at step 1 (stopped-earlier)
          At step 1 the baseline called lookup_order(order_id=ORD-1002); the candidate made no further tool call and did not finish (threw).
          The baseline went on and called the read-only lookup_order, making 1 tool call in all; the candidate made 0.
        Expectations (baseline → candidate)
          ? order-looked-up PASS → ERROR (unknown)
            candidate: Cannot evaluate: the case did not finish (threw: demo-co-support@9.9.9-broken threw Error: model unavailable). Unknown is never a pass; fix the run so the agent answers, then evaluate again.
            evidence {"error":{"kind":"threw","message":"demo-co-support@9.9.9-broken threw Error: model unavailable"},"finished":false,"records":0}
          ? no-refund critical PASS → ERROR (unknown)
            candidate: Cannot evaluate: the case did not finish (threw: demo-co-support@9.9.9-broken threw Error: model unavailable). Unknown is never a pass; fix the run so the agent answers, then evaluate again.
            evidence {"error":{"kind":"threw","message":"demo-co-support@9.9.9-broken threw Error: model unavailable"},"finished":false,"records":0}
          ? nothing-changed critical PASS → ERROR (unknown)
            candidate: Cannot evaluate: the case did not finish (threw: demo-co-support@9.9.9-broken threw Error: model unavailable). Unknown is never a pass; fix the run so the agent answers, then evaluate again.
            evidence {"error":{"kind":"threw","message":"demo-co-support@9.9.9-broken threw Error: model unavailable"},"finished":false,"records":0}
          ? not-handed-off PASS → ERROR (unknown)
            candidate: Cannot evaluate: the case did not finish (threw: demo-co-support@9.9.9-broken threw Error: model unavailable). Unknown is never a pass; fix the run so the agent answers, then evaluate again.
            evidence {"error":{"kind":"threw","message":"demo-co-support@9.9.9-broken threw Error: model unavailable"},"finished":false,"records":0}
        Metrics (not part of the verdict) latency <time> → <time>, tool calls 1 → 0, tokens n/a → n/a, llm scripted → scripted
      Note: the gate warns (exit status 3): look at the cases above before you release, or say with --gate which classes only warn for you.
      "
    `)
    expect(code).toBe(3)

    const strict = await capture(
      diff,
      [...brokenCandidate, '--gate', 'block=NEW_CRITICAL_FAILURE,REGRESSED,INCOMPLETE'],
      temp.dir,
    )
    expect(linesWith(strict.stdout, 'Gate ')).toEqual(['  Gate BLOCK: 1 INCOMPLETE case (block)'])
    expect(strict.code).toBe(1)
  })

  it('refuses a --gate it cannot read, naming the classes', async () => {
    const { code, stderr } = await capture(diff, [
      `${ROOT}${DEMO_SCENARIOS}/order-status-question.scenario.yaml`,
      '--agent',
      DEMO_AGENTS,
      '--baseline',
      'v1.2.4',
      '--candidate',
      'v1.3.0',
      '--gate',
      'block=REGRESSSED',
    ])
    expect(code).toBe(2)
    expect(normaliseText(blockOf(stderr, 'agenttwin diff:'))).toMatchInlineSnapshot(
      `"agenttwin diff: --gate block: REGRESSSED is not a case class; use NEW_CRITICAL_FAILURE, REGRESSED, INCOMPLETE, IMPROVED, UNCHANGED [AGENTTWIN_CLI_USAGE]"`,
    )
  })
})

describe('agenttwin diff: usage and document errors exit 2', () => {
  it('names every missing argument', async () => {
    const { code, stderr } = await capture(diff, ['--agent', DEMO_AGENTS])
    expect(code).toBe(2)
    // The problem first, then the usage text.
    expect(blockOf(stderr, 'agenttwin diff:')).toMatchInlineSnapshot(
      `"agenttwin diff: missing <scenarios...>, --baseline <version>, --candidate <version> [AGENTTWIN_CLI_USAGE]"`,
    )
    expect(stderr.split('\n\n')[1]).toMatch(/^Usage: agenttwin diff /)
  })

  it('says when a directory or pattern holds no scenario', async () => {
    const { code, stderr } = await capture(diff, ['src', ...versions('v1.2.4', 'v1.3.0')])
    expect(code).toBe(2)
    expect(blockOf(stderr, 'agenttwin diff:')).toMatchInlineSnapshot(
      `"agenttwin diff: no **/*.scenario.{yaml,yml,json} files under src; give scenario files, directories of them, or glob patterns [AGENTTWIN_CLI_USAGE]"`,
    )
    const glob = await capture(diff, ['nowhere/*.scenario.yaml', ...versions('v1.2.4', 'v1.3.0')])
    expect(glob.code).toBe(2)
    expect(blockOf(glob.stderr, 'agenttwin diff:')).toMatchInlineSnapshot(
      `"agenttwin diff: nothing matches nowhere/*.scenario.yaml; give scenario files, directories of them, or glob patterns [AGENTTWIN_CLI_USAGE]"`,
    )
  })

  it('reports the problems of every scenario before running anything, a shared twin once', async () => {
    const twin = [
      'apiVersion: agenttwin/twin.v1',
      'metadata: { name: t, version: 1.0.0 }',
      'http: { baseUrl: "https://t.example.test" }',
      'state: {}',
      'tools:',
      '  - { name: ping, description: Ping, risk: READ, input: { type: object }, handler: { kind: stattic } }',
      '',
    ].join('\n')
    const scenario = (id: string) =>
      `apiVersion: agenttwin/scenario.v1\nid: ${id}\nversion: 1.0.0\ntitle: T\ntwin: t.twin.yaml\ninput: {}\nexpectations: [{ id: e, type: calledTool, tool: ping }]\n`
    const temp = tempDir({
      't.twin.yaml': twin,
      'a.scenario.yaml': scenario('a'),
      'b.scenario.yaml': scenario('b'),
    })
    cleanups.push(temp.remove)
    const { code, stderr, stdout } = await capture(
      diff,
      [
        '.',
        ...versions('v1.2.4', 'v1.3.0').map((arg) => (arg === DEMO_AGENTS ? `${ROOT}${arg}` : arg)),
      ],
      temp.dir,
    )
    expect(code).toBe(2)
    expect(stdout).toBe('')
    // Each problem once, at its own file and line; the shared twin reported once.
    const [heading, ...problems] = stderr.trimEnd().split('\n')
    expect(heading).toBe('agenttwin diff: 3 problems [AGENTTWIN_INVALID_DOCUMENT]:')
    expect(problems.sort()).toMatchInlineSnapshot(`
      [
        "a.scenario.yaml:5:7 the twin "t.twin.yaml" is invalid (1 problem, reported at its own lines) at twin. Fix: fix the twin document; its tools cannot be checked against this scenario until then",
        "b.scenario.yaml:5:7 the twin "t.twin.yaml" is invalid (1 problem, reported at its own lines) at twin. Fix: fix the twin document; its tools cannot be checked against this scenario until then",
        "t.twin.yaml:6:92 unknown handler kind "stattic"; the handler kinds are \`static\`, \`read\`, \`list\`, \`create\`, \`mutate\`, \`delete\` and \`adapter\` at tools[0].handler.kind. Fix: use one of \`static\`, \`read\`, \`list\`, \`create\`, \`mutate\`, \`delete\` and \`adapter\` (did you mean \`static\`?)",
      ]
    `)
  })

  it('refuses two scenarios with the same id', async () => {
    // Both files in one folder: the message names them in path order, wherever the folder is.
    const happyPath = readFileSync(
      `${ROOT}${DEMO_SCENARIOS}/refund-happy-path.scenario.yaml`,
      'utf8',
    ).replace('twin: ../twins/', `twin: ${ROOT}examples/demo-co/twins/`)
    const temp = tempDir({ 'a.scenario.yaml': happyPath, 'b.scenario.yaml': happyPath })
    cleanups.push(temp.remove)
    const { code, stderr } = await capture(diff, [
      `${temp.dir}/b.scenario.yaml`,
      `${temp.dir}/a.scenario.yaml`,
      ...versions('v1.2.4', 'v1.3.0'),
    ])
    expect(code).toBe(2)
    expect(normaliseText(stderr, { tmp: relative(ROOT, temp.dir) })).toMatchInlineSnapshot(`
      "agenttwin diff: scenario id "refund-happy-path" is used by <tmp>/a.scenario.yaml and <tmp>/b.scenario.yaml. Fix: give each scenario its own id, or leave one file out. [AGENTTWIN_DUPLICATE_SCENARIO_ID]
      "
    `)
  })
})
