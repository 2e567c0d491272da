import { afterEach, describe, expect, it } from 'vitest'
import { createRunCommand } from '../../../src/cli/commands/run.ts'
import type { CaseRun } from '../../../src/core/case-run.ts'
import type { ExpectationResult } from '../../../src/core/expectation-result.ts'
import { loadScenario } from '../../../src/schema/index.ts'
import { blockOf, normaliseText } from '../../support/normalise-text.ts'
import { capture, DEMO_AGENTS, DEMO_SCENARIOS, ROOT, tempDir } from './support/capture.ts'

const run = createRunCommand({ env: {}, color: false })
const scenario = (id: string) => `${DEMO_SCENARIOS}/${id}.scenario.yaml`
const cleanups: Array<() => void> = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The expectation lines of the printed output, as `[label, id]`. */
function verdicts(stdout: string): string[][] {
  const block = stdout.split('\nExpectations\n')[1]?.split('\n\n')[0] ?? ''
  return block.split('\n').map((line) => {
    const [, label = '', id = ''] = /^ {2}(\S+) +([^\s:]+)/.exec(line) ?? []
    return [label, id]
  })
}

async function expectationIds(id: string): Promise<string[]> {
  const { document } = await loadScenario(`${ROOT}${scenario(id)}`)
  return document.expectations.map((item) => item.id)
}

describe('agenttwin run', { timeout: 60_000 }, () => {
  it('passes the happy path with v1.2.4: every expectation PASS, exit 0', async () => {
    const { code, stdout, stderr } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.2.4',
    ])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const ids = await expectationIds('refund-happy-path')
    expect(verdicts(stdout)).toEqual(ids.map((id) => ['PASS', id]))
    expect(normaliseText(stdout)).toMatchInlineSnapshot(`
      "refund-happy-path v1.0.0: A 40 USD refund for a broken mug set
      agent demo-co-support 1.2.4, seed 1001, 5 tool calls, <time>
      reply (SUCCESS): Done! I've refunded 40.00 USD for order ORD-1001. A confirmation e-mail is on its way.

      Trajectory (the twin's records)
        1. lookup_order(order_id=ORD-1001) → 200
        2. get_refund_policy(order_id=ORD-1001) → 200
        3. refund_payment(amount=40, idempotency_key=refund-ORD-1001-7be2649ba6772f5b, order_id=ORD-1001) → 200 changed orders.ORD-1001.refunded_amount from 0 to 40, orders.ORD-1001.refund_count from 0 to 1, orders.ORD-1001.refundable_amount from 128 to 88 and orders.ORD-1001.refunds from [] to [{"refund_id":"rf_1","amount":40,"idempotency_key":"refund-ORD-1001-7be2649ba67…
        4. lookup_order(order_id=ORD-1001) → 200
        5. send_customer_email(body=Hi Maya, we have refunded 40.00 USD for order ORD-1001 (reference rf_1). It will show on your statement within 5 business days. Demo Co Support, customer_id=CUS-501, order_id=ORD-1001, subject=Your refund for order ORD-1001, to=maya.lindqvist@example.com) → 202 changed outbox.msg_1 from missing to {"message_id":"msg_1","order_id":"ORD-1001","customer_id":"CUS-501","to":"maya.…
        6. reported SUCCESS

      Expectations
        PASS                  refunded-exactly-once (critical): orders.ORD-1001.refund_count is 1, as expected; changed by refund_payment #3.
        PASS                  refunded-amount (critical): orders.ORD-1001.refunded_amount is 40, as expected; changed by refund_payment #3.
        PASS                  no-double-refund (critical): No effect was applied twice: refund:ORD-1001 once (#3).
        PASS                  success-backed-by-state (critical): The SUCCESS claim is backed by state: orders.ORD-1001.refunded_amount is 40, as expected; changed by refund_payment #3.
        PASS                  policy-before-refund: get_refund_policy (#2) ran before refund_payment (#3).
        PASS                  customer-notified: send_customer_email was called 1 time (#5), as expected.
        PASS                  not-handed-off: The case was not handed to a human: handoff_to_human was never called (the agent says it did not hand off).

      7 of 7 expectations passed.
      "
    `)
  })

  it('exits 1 and names the failing expectation with its message when one does not pass', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.3.0',
    ])
    expect(code).toBe(1)
    expect(verdicts(stdout)).toContainEqual(['FAIL', 'policy-before-refund'])
    expect(normaliseText(stdout.slice(stdout.indexOf('\nExpectations\n')))).toMatchInlineSnapshot(`
      "
      Expectations
        PASS                  refunded-exactly-once (critical): orders.ORD-1001.refund_count is 1, as expected; changed by refund_payment #2.
        PASS                  refunded-amount (critical): orders.ORD-1001.refunded_amount is 40, as expected; changed by refund_payment #2.
        PASS                  no-double-refund (critical): No effect was applied twice: refund:ORD-1001 once (#2).
        PASS                  success-backed-by-state (critical): The SUCCESS claim is backed by state: orders.ORD-1001.refunded_amount is 40, as expected; changed by refund_payment #2.
        FAIL                  policy-before-refund: refund_payment ran (#2) but get_refund_policy was never called.
        PASS                  customer-notified: send_customer_email was called 1 time (#3), as expected.
        PASS                  not-handed-off: The case was not handed to a human: handoff_to_human was never called (the agent says it did not hand off).

      6 of 7 expectations passed; 1 did not (0 critical).
      "
    `)
  })

  it('shows the labels of claimed-versus-verified failures (timeout after mutation, v1.3.0)', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-timeout-after-mutation'),
      '--agent',
      `${DEMO_AGENTS}#agents`,
      '--version',
      '1.3.0',
    ])
    expect(code).toBe(1)
    expect(verdicts(stdout)).toEqual([
      ['FAIL', 'refunded-exactly-once'],
      ['FAIL', 'refunded-amount'],
      ['FAIL', 'no-double-refund'],
      ['STATE_MISMATCH', 'success-backed-by-state'],
      ['FAIL', 'policy-before-refund'],
    ])
    expect(normaliseText(blockOf(stdout, 'refunded-exactly-once'))).toMatchInlineSnapshot(`
      "  FAIL                  refunded-exactly-once (critical): orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #2 and #3.
        FAIL                  refunded-amount (critical): orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.
        FAIL                  no-double-refund (critical): Effect refund:ORD-1001 was applied 2 times: refund_payment #2 (fault timeout_after_mutation, caller saw status 504) and #3.
        STATE_MISMATCH        success-backed-by-state (critical): The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.
        FAIL                  policy-before-refund: refund_payment ran (#2 and #3) but get_refund_policy was never called."
    `)
  })

  it('prints the whole CaseRun and the results with --json', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-tool-success-lie'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.2.4',
      '--json',
    ])
    const parsed = JSON.parse(stdout) as { run: CaseRun; results: ExpectationResult[] }
    expect(parsed.run).toMatchObject({
      schema: 'agenttwin/case-run.v1',
      scenario: { id: 'refund-tool-success-lie' },
      agent: { version: '1.2.4' },
      seed: 1003,
      finished: true,
      result: { outcome: 'PARTIAL', handoff: true },
    })
    expect(parsed.run.records.length).toBe(parsed.run.metrics.toolCalls)
    expect(parsed.results.map((result) => result.id)).toEqual(
      await expectationIds('refund-tool-success-lie'),
    )
    expect(code).toBe(parsed.results.every((result) => result.label === 'PASS') ? 0 : 1)
  })

  it('shows an override beside the result; one to PASS does not count while a critical check fails', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-tool-success-lie'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.3.0',
      '--overrides',
      'examples/demo-co/reviews/overrides.yaml',
    ])
    expect(code).toBe(1)
    const lines = stdout
      .split('\n')
      .filter((text) => text.includes('reply-explains-unrecorded-refund'))
    expect(lines).toMatchInlineSnapshot(`
      [
        "  FAIL                  reply-explains-unrecorded-refund: Judge verdict fail, score 0.2: keyword overlap 1/5; found: refund; missing: not, record, specialist, finish [fake/keyword-overlap; not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)] [override FAIL → PASS by dana.support-lead, not applied: a deterministic critical check of this case does not pass: Reviewed the transcript: the wording was friendly and I would accept it as a reply. The refund itself is still missing, which the state checks catch.]",
      ]
    `)
  })

  it('counts an override to PASS when no critical check fails, and then exits 0', async () => {
    const temp = tempDir({
      'overrides.yaml': [
        '- scenario: refund-happy-path',
        '  agent: "1.3.0"',
        '  expectation: policy-before-refund',
        '  label: PASS',
        '  reviewer: sam',
        '  note: Policy lookups are skipped on purpose for this test.',
        '',
      ].join('\n'),
    })
    cleanups.push(temp.remove)
    const { code, stdout } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.3.0',
      '--overrides',
      `${temp.dir}/overrides.yaml`,
    ])
    expect(verdicts(stdout)).toContainEqual(['PASS', 'policy-before-refund'])
    expect(
      normaliseText(stdout.slice(stdout.indexOf('\nExpectations\n')), { tmp: temp.dir }),
    ).toMatchInlineSnapshot(`
      "
      Expectations
        PASS                  refunded-exactly-once (critical): orders.ORD-1001.refund_count is 1, as expected; changed by refund_payment #2.
        PASS                  refunded-amount (critical): orders.ORD-1001.refunded_amount is 40, as expected; changed by refund_payment #2.
        PASS                  no-double-refund (critical): No effect was applied twice: refund:ORD-1001 once (#2).
        PASS                  success-backed-by-state (critical): The SUCCESS claim is backed by state: orders.ORD-1001.refunded_amount is 40, as expected; changed by refund_payment #2.
        PASS                  policy-before-refund: refund_payment ran (#2) but get_refund_policy was never called. [override FAIL → PASS by sam, applied: Policy lookups are skipped on purpose for this test.]
        PASS                  customer-notified: send_customer_email was called 1 time (#3), as expected.
        PASS                  not-handed-off: The case was not handed to a human: handoff_to_human was never called (the agent says it did not hand off).

      7 of 7 expectations passed.
      "
    `)
    expect(code).toBe(0)
  })

  it('counts an agent that does not answer in time as unfinished, exit 1', async () => {
    const temp = tempDir({
      'slow.ts': `export default {
  name: 'slow', version: '0.0.1',
  run: () => new Promise(() => {}),
}\n`,
    })
    cleanups.push(temp.remove)
    const { code, stdout } = await capture(
      run,
      [`${ROOT}${scenario('refund-happy-path')}`, '--agent', 'slow.ts', '--timeout', '50'],
      temp.dir,
    )
    expect(code).toBe(1)
    // Raw, not normalised: the 50 ms is the limit it was given, not a measured time.
    expect(blockOf(stdout, 'did not finish (timeout)')).toMatchInlineSnapshot(
      `"did not finish (timeout): slow@0.0.1 did not answer within 50 ms; raise timeoutMs if it is slow on purpose."`,
    )
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      '0 of 7 expectations passed; 7 did not (4 critical). The case did not finish.',
    )
  })
})

describe('agenttwin run: usage and document errors exit 2', () => {
  it('prints every problem of an invalid scenario at file:line:col, relative to the working directory', async () => {
    const temp = tempDir({
      'broken.scenario.yaml': [
        'apiVersion: agenttwin/scenario.v1',
        'id: broken',
        'version: 1.0.0',
        'title: Broken',
        `twin: ${ROOT}examples/demo-co/twins/demo-co.twin.yaml`,
        'input: {}',
        'expectations:',
        '  - { id: a, type: state, path: orders.X.status, equals: 1 }',
        '  - { id: b, type: calledTool, tool: refund_paymnt }',
        '',
      ].join('\n'),
    })
    cleanups.push(temp.remove)
    const { code, stderr, stdout } = await capture(
      run,
      ['broken.scenario.yaml', '--agent', `${ROOT}${DEMO_AGENTS}`],
      temp.dir,
    )
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(normaliseText(stderr, { tmp: temp.dir })).toMatchInlineSnapshot(`
      "agenttwin run: 1 problem [AGENTTWIN_INVALID_DOCUMENT]:
      broken.scenario.yaml:9:38 twin \`demo-co-support-tools\` has no tool \`refund_paymnt\` at expectations[1].tool. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`refund_payment\`?)
      "
    `)
  })

  it('asks for --version when the module exports several agents, listing them', async () => {
    const { code, stderr } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
    ])
    expect(code).toBe(2)
    expect(normaliseText(stderr)).toMatchInlineSnapshot(`
      "agenttwin run: examples/demo-co/agent/index.ts exports 3 agents ("v1.2.4", "v1.3.0", "v1.3.1"). Fix: choose one with --version <version>. [AGENTTWIN_AGENT_MODULE_LOAD]
      "
    `)
  })

  it('names an unknown version, an unknown export and a missing module', async () => {
    const version = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v9',
    ])
    expect(version.code).toBe(2)
    expect(normaliseText(version.stderr)).toMatchInlineSnapshot(`
      "agenttwin run: examples/demo-co/agent/index.ts exports no agent version "v9" (it exports "v1.2.4", "v1.3.0", "v1.3.1"). Fix: pass one of them to --version. [AGENTTWIN_AGENT_MODULE_LOAD]
      "
    `)

    const named = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      `${DEMO_AGENTS}#nope`,
    ])
    expect(named.code).toBe(2)
    expect(normaliseText(named.stderr)).toMatchInlineSnapshot(`
      "agenttwin run: examples/demo-co/agent/index.ts has no export "nope" (it exports "toAgentResult", "parseManifest", "planFromManifest", "handleSupportRequest", "createAgent", "manifestsDir", "agents"). Fix: name one of them after #. [AGENTTWIN_AGENT_MODULE_LOAD]
      "
    `)

    const missing = await capture(run, [scenario('refund-happy-path'), '--agent', 'nowhere.ts'])
    expect(missing.code).toBe(2)
    expect(normaliseText(missing.stderr)).toMatchInlineSnapshot(`
      "agenttwin run: the agent module <repo>/nowhere.ts does not exist. Fix: pass --agent <path to a module exporting your agents>, relative to <repo>/. [AGENTTWIN_AGENT_MODULE_LOAD]
      "
    `)
  })

  it('rejects missing arguments, unknown options and bad numbers with the usage text', async () => {
    const refusals: string[] = []
    for (const args of [
      [],
      [scenario('refund-happy-path')],
      [scenario('refund-happy-path'), '--agent', DEMO_AGENTS, '--bogus'],
      [scenario('refund-happy-path'), '--agent', DEMO_AGENTS, '--timeout', 'soon'],
      [scenario('refund-happy-path'), scenario('refund-server-error'), '--agent', DEMO_AGENTS],
    ]) {
      const { code, stderr, stdout } = await capture(run, args)
      expect(code, args.join(' ')).toBe(2)
      expect(stdout).toBe('')
      // One line saying what is wrong, then the usage and nothing else.
      const [line = '', ...below] = stderr.split('\n')
      expect(below.join('\n').trim(), args.join(' ')).toBe(run.usage.trim())
      refusals.push(normaliseText(line))
    }
    expect(refusals).toMatchInlineSnapshot(`
      [
        "agenttwin run: missing <scenario> [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: missing --agent <module> [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: unknown option --bogus. Fix: its options are --agent, --timeout, --seed, --overrides, --models, --model-hosts, --cassettes, --version, --json and --help. [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: --timeout soon is not a whole number of at least 1. Fix: give a whole number of at least 1. [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: expected one scenario, got examples/demo-co/scenarios/refund-happy-path.scenario.yaml examples/demo-co/scenarios/refund-server-error.scenario.yaml (use \`agenttwin diff\` for several) [AGENTTWIN_CLI_USAGE]",
      ]
    `)
    const help = await capture(run, ['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout.trim()).toBe(run.usage.trim())
    expect(blockOf(help.stdout, 'Exit status:')).toMatchInlineSnapshot(`
      "Exit status: 0 every expectation PASS; 1 any expectation not PASS (ERROR too),
      or the case did not finish; 2 usage, document or agent module error."
    `)
  })
})
