import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import { beforeAll, describe, expect, test } from 'vitest'
import { comparisonReportSchema } from '../../src/compare/index.ts'
import { AgentTwinReporter } from '../../src/public/reporter.ts'
import { FOLD_INDENT } from '../../src/report/index.ts'
import { ERROR_WIDTH } from '../../src/vitest/runtime/failure.ts'
import { linesWith } from '../support/normalise-text.ts'
import { failureBlock, normalizeOutput } from './helpers/normalize.ts'
import { findTest, testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// Pair mode over the happy path and the timeout-after-mutation case,
// v1.3.0 (candidate) against v1.2.4 (baseline). Each config of the fixture
// declares the pair differently; runs go one after another.
const root = fileURLToPath(new URL('./fixtures/pair', import.meta.url))
const tmp = freshTmpDir('pair-mode')
const config = (name: string) => `${root}/vitest.${name}.config.ts`

function reporter(name: string) {
  return new AgentTwinReporter({ outputFile: `${tmp}/${name}.json` })
}

describe('a blocking pair without expectGate', () => {
  let run: VitestRun

  beforeAll(async () => {
    run = await runVitest({ root, reporters: ['default', reporter('no-expect-gate')] })
  })

  test('each scenario is one pair test, at the scenario id, and both fail', () => {
    expect(testList(run.modules, root)).toMatchInlineSnapshot(`
      [
        "scenarios/refund-happy-path.scenario.yaml:2:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 vs v1.2.4 · REGRESSED | failed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE | failed",
      ]
    `)
    expect(run.exitCode).toBe(1)
  })

  test('the failure is a PairRegression naming the verdict, the divergence and what moved', () => {
    const test = findTest(run.modules, 'answering > v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE')
    const error = test.result().errors?.[0]
    expect(error?.name).toBe('PairRegression')
    expect(error?.message).toMatchInlineSnapshot(`
      "NEW_CRITICAL_FAILURE: v1.3.0 is worse than v1.2.4 on 
          refund-timeout-after-mutation.
      At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate 
          called refund_payment(amount=40, order_id=ORD-1001).
      The candidate called the irreversible refund_payment without first calling 
          get_refund_policy, which the baseline called at this point.
        refunded-exactly-once: PASS → FAIL
        refunded-amount: PASS → FAIL
        no-double-refund: PASS → FAIL
        success-backed-by-state: PASS → STATE_MISMATCH
        policy-before-refund: PASS → FAIL"
    `)
  })

  test('expected and actual are the two trajectories, one step per line, long steps folded', () => {
    const test = findTest(run.modules, 'answering > v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE')
    const error = test.result().errors?.[0]
    const lines = (text: unknown) => String(text).split('\n')
    // A step longer than the error box folds onto indented continuation lines, whole.
    const unfolded = (text: unknown) => String(text).replaceAll(`\n${FOLD_INDENT}`, '').split('\n')
    const steps = (text: unknown) => unfolded(text).map((line) => line.replace(/ → .*/, ''))
    for (const line of [...lines(error?.expected), ...lines(error?.actual)]) {
      expect(line.length).toBeLessThanOrEqual(ERROR_WIDTH)
    }
    expect(lines(error?.actual).some((line) => line.startsWith(FOLD_INDENT))).toBe(true)
    // The two e-mails differ late in their bodies; the whole body is there on both sides.
    expect([
      unfolded(error?.expected).at(-2),
      unfolded(error?.actual).at(-2),
    ]).toMatchInlineSnapshot(`
      [
        "send_customer_email(body=Hi Maya, we have refunded 40.00 USD for order ORD-1001 (reference rf_1). It will show on your statement within 5 business days. Demo Co Support, customer_id=CUS-501, order_id=ORD-1001, subject=Your refund for order ORD-1001, to=maya.lindqvist@example.com) → 202 changed outbox.msg_1",
        "send_customer_email(body=Hi Maya, we have refunded 40.00 USD for order ORD-1001 (reference rf_2). It will show on your statement within 5 business days. Demo Co Support, customer_id=CUS-501, order_id=ORD-1001, subject=Your refund for order ORD-1001, to=maya.lindqvist@example.com) → 202 changed outbox.msg_1",
      ]
    `)
    expect(steps(error?.expected)).toEqual([
      'lookup_order(order_id=ORD-1001)',
      'get_refund_policy(order_id=ORD-1001)',
      'refund_payment(amount=40, idempotency_key=…, order_id=ORD-1001)',
      'lookup_order(order_id=ORD-1001)',
      expect.stringMatching(/^send_customer_email\(/),
      'reported SUCCESS',
    ])
    expect(steps(error?.actual)).toEqual([
      'lookup_order(order_id=ORD-1001)',
      'refund_payment(amount=40, order_id=ORD-1001)',
      'refund_payment(amount=40, order_id=ORD-1001)',
      expect.stringMatching(/^send_customer_email\(/),
      'reported SUCCESS',
    ])
  })

  test('the terminal shows the diff of the trajectories and a code frame of the YAML', () => {
    const block = failureBlock(run.stderr, 'scenarios/refund-timeout-after-mutation.scenario.yaml')
    expect(normalizeOutput(block)).toMatchInlineSnapshot(`
      " FAIL  scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 > refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE
      PairRegression: NEW_CRITICAL_FAILURE: v1.3.0 is worse than v1.2.4 on
          refund-timeout-after-mutation.
      At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate
          called refund_payment(amount=40, order_id=ORD-1001).
      The candidate called the irreversible refund_payment without first calling
          get_refund_policy, which the baseline called at this point.
        refunded-exactly-once: PASS → FAIL
        refunded-amount: PASS → FAIL
        no-double-refund: PASS → FAIL
        success-backed-by-state: PASS → STATE_MISMATCH
        policy-before-refund: PASS → FAIL

      - Baseline v1.2.4
      + Candidate v1.3.0

        lookup_order(order_id=ORD-1001) → 200
      - get_refund_policy(order_id=ORD-1001) → 200
      - refund_payment(amount=40, idempotency_key=…,
      -     order_id=ORD-1001) → 504 [fault timeout_after_mutation] changed
      -     orders.ORD-1001.refunded_amount, orders.ORD-1001.refund_count,
      + refund_payment(amount=40, order_id=ORD-1001) → 504 [fault timeout_after_mutation]
      +     changed orders.ORD-1001.refunded_amount, orders.ORD-1001.refund_count,
            orders.ORD-1001.refundable_amount, orders.ORD-1001.refunds
      - lookup_order(order_id=ORD-1001) → 200
      + refund_payment(amount=40, order_id=ORD-1001) → 200 changed
      +     orders.ORD-1001.refunded_amount, orders.ORD-1001.refund_count,
      +     orders.ORD-1001.refundable_amount, orders.ORD-1001.refunds
        send_customer_email(body=Hi Maya,
      -     we have refunded 40.00 USD for order ORD-1001 (reference rf_1). It will show on
      +     we have refunded 40.00 USD for order ORD-1001 (reference rf_2). It will show on
            your statement within 5 business days. Demo Co Support, customer_id=CUS-501,
            order_id=ORD-1001, subject=Your refund for order ORD-1001,
            to=maya.lindqvist@example.com) → 202 changed outbox.msg_1
        reported SUCCESS

       ❯ refund-timeout-after-mutation scenarios/refund-timeout-after-mutation.scenario.yaml:2:5
            1| apiVersion: agenttwin/scenario.v1
            2| id: refund-timeout-after-mutation
             |     ^
            3| version: 1.0.0
            4| title: The payment provider refunds, then times out before answering

       ❯ agenttwin
         ↳ NEW_CRITICAL_FAILURE. At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001). The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point."
    `)
  })
})

describe("the same pair declared expectGate: 'BLOCK'", () => {
  let run: VitestRun
  const summaryFile = `${tmp}/step-summary.md`

  beforeAll(async () => {
    writeFileSync(summaryFile, '# Earlier step\n\nits own summary\n')
    run = await runVitest({ root, config: config('block'), reporters: [reporter('block')] }, [], {
      env: { GITHUB_STEP_SUMMARY: summaryFile },
    })
  })

  test('the blocking pair tests pass and so does the run', () => {
    expect(testList(run.modules, root).map((line) => line.replace(/ \|.* \| /, ' | '))).toEqual([
      'scenarios/refund-happy-path.scenario.yaml:2:5 | passed',
      'scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | passed',
    ])
    expect(run.exitCode).toBe(0)
  })

  test('the reporter prints the comparison', () => {
    expect(normalizeOutput(run.stdout.replace(tmp, '<tmp>'))).toMatchInlineSnapshot(`
      "Comparison: demo-co-support 1.3.0 (candidate) vs demo-co-support 1.2.4 (baseline)
                               baseline 1.2.4  candidate 1.3.0
        tool calls                         10                7

        NEW_CRITICAL_FAILURE  1
        REGRESSED             1
        INCOMPLETE            0
        IMPROVED              0
        UNCHANGED             0

        Gate BLOCK: 1 NEW_CRITICAL_FAILURE case (block), 1 REGRESSED case (block)

      REGRESSED refund-happy-path v1.0.0 A 40 USD refund for a broken mug set
        expectation policy-before-refund is PASS on the baseline and FAIL on the candidate
        baseline reported SUCCESS; candidate reported SUCCESS
        First divergence at step 2 (tool)
          At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).
          The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point.
        Expectations (baseline → candidate)
          ✗ policy-before-refund PASS → FAIL (regressed)
            candidate: refund_payment ran (#2) but get_refund_policy was never called.
            evidence {"after":{"calls":[{"args":{"amount":40,"order_id":"ORD-1001"},"attempt":1,"changes":["orders.ORD-1001.refunded_amount","orders.ORD-1001.refund_count","orders.…
        Metrics (not part of the verdict) latency <ms> → <ms>, tool calls 5 → 3, tokens n/a → n/a, llm scripted → scripted
        Final state (- baseline, + candidate)
          @@ -61,6 +61,5 @@
                   {
                     "amount": 40,
          -          "created_at": "2026-01-05T09:00:02.000Z",
          -          "idempotency_key": "refund-ORD-1001-7be2649ba6772f5b",
          +          "created_at": "2026-01-05T09:00:01.000Z",
                     "refund_id": "rf_1"
                   }
          @@ -200,5 +199,5 @@
                 "message_id": "msg_1",
                 "order_id": "ORD-1001",
          -      "queued_at": "2026-01-05T09:00:04.000Z",
          +      "queued_at": "2026-01-05T09:00:02.000Z",
                 "status": "queued",
                 "subject": "Your refund for order ORD-1001",

      NEW_CRITICAL_FAILURE refund-timeout-after-mutation v1.0.0 The payment provider refunds, then times out before answering
        critical expectation refunded-exactly-once is PASS on the baseline and FAIL on the candidate
        baseline reported SUCCESS; candidate reported SUCCESS
        First divergence at step 2 (tool)
          At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).
          The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point.
        Expectations (baseline → candidate)
          ✗ refunded-exactly-once critical PASS → FAIL (regressed)
            candidate: orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #2 and #3.
            evidence {"changedBy":[{"after":1,"before":0,"path":"orders.ORD-1001.refund_count","seq":2,"tool":"refund_payment"},{"after":2,"before":1,"path":"orders.ORD-1001.refund…
          ✗ refunded-amount critical PASS → FAIL (regressed)
            candidate: orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.
            evidence {"changedBy":[{"after":40,"before":0,"path":"orders.ORD-1001.refunded_amount","seq":2,"tool":"refund_payment"},{"after":80,"before":40,"path":"orders.ORD-1001.…
          ✗ no-double-refund critical PASS → FAIL (regressed)
            candidate: Effect refund:ORD-1001 was applied 2 times: refund_payment #2 (fault timeout_after_mutation, caller saw status 504) and #3.
            evidence {"effects":[{"applied":2,"effectKey":"refund:ORD-1001","records":[{"args":{"amount":40,"order_id":"ORD-1001"},"attempt":1,"changes":["orders.ORD-1001.refunded_…
          ✗ success-backed-by-state critical PASS → STATE_MISMATCH (regressed)
            candidate: The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.
            evidence {"changedBy":[{"after":40,"before":0,"path":"orders.ORD-1001.refunded_amount","seq":2,"tool":"refund_payment"},{"after":80,"before":40,"path":"orders.ORD-1001.…
          ✗ policy-before-refund PASS → FAIL (regressed)
            candidate: refund_payment ran (#2 and #3) but get_refund_policy was never called.
            evidence {"after":{"calls":[{"args":{"amount":40,"order_id":"ORD-1001"},"attempt":1,"changes":["orders.ORD-1001.refunded_amount","orders.ORD-1001.refund_count","orders.…
        Retries baseline 0, candidate 1 (refund_payment 1)
        Metrics (not part of the verdict) latency <ms> → <ms>, tool calls 5 → 4, tokens n/a → n/a, llm scripted → scripted
        Final state (- baseline, + candidate)
          @@ -55,13 +55,17 @@
                 "order_id": "ORD-1001",
                 "placed_at": "2025-12-18T14:22:05.000Z",
          -      "refund_count": 1,
          -      "refundable_amount": 88,
          -      "refunded_amount": 40,
          +      "refund_count": 2,
          +      "refundable_amount": 48,
          +      "refunded_amount": 80,
                 "refunds": [
                   {
                     "amount": 40,
          -          "created_at": "2026-01-05T09:00:02.000Z",
          -          "idempotency_key": "refund-ORD-1001-7be2649ba6772f5b",
          +          "created_at": "2026-01-05T09:00:01.000Z",
                     "refund_id": "rf_1"
          +        },
          +        {
          +          "amount": 40,
          +          "created_at": "2026-01-05T09:00:02.000Z",
          +          "refund_id": "rf_2"
                   }
                 ],
          @@ -196,9 +200,9 @@
             "outbox": {
               "msg_1": {
          -      "body": "Hi Maya, we have refunded 40.00 USD for order ORD-1001 (reference rf_1). It will show on your statement within 5 business days. Demo Co Support",
          +      "body": "Hi Maya, we have refunded 40.00 USD for order ORD-1001 (reference rf_2). It will show on your statement within 5 business days. Demo Co Support",
                 "customer_id": "CUS-501",
                 "message_id": "msg_1",
                 "order_id": "ORD-1001",
          -      "queued_at": "2026-01-05T09:00:04.000Z",
          +      "queued_at": "2026-01-05T09:00:03.000Z",
                 "status": "queued",
                 "subject": "Your refund for order ORD-1001",

      AgentTwin report written to <tmp>/block.json
      AgentTwin HTML report written to <repo>/test/e2e/.tmp/pair-mode/block.html
      AgentTwin: v1.3.0 vs v1.2.4 gated BLOCK, as declared (expectGate: 'BLOCK').
      "
    `)
  })

  test('the JSON report matches comparisonReportSchema and has the documented fields', () => {
    const report = JSON.parse(readFileSync(`${tmp}/block.json`, 'utf8'))
    const validate = new Ajv({ allErrors: true }).compile(comparisonReportSchema)
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    expect(report.schema).toBe('agenttwin/comparison-report.v2')
    expect(report.gate.verdict).toBe('BLOCK')
    const [pair] = report.pairs
    expect(report.pairs).toHaveLength(1)
    expect(pair).toMatchObject({
      baseline: { agent: 'demo-co-support', version: '1.2.4' },
      candidate: { agent: 'demo-co-support', version: '1.3.0' },
      counts: { NEW_CRITICAL_FAILURE: 1, REGRESSED: 1, INCOMPLETE: 0, IMPROVED: 0, UNCHANGED: 0 },
      toolCalls: { baseline: 10, candidate: 7 },
      gate: { verdict: 'BLOCK' },
    })
    const timeout = pair.cases.find(
      (item: { scenario: { id: string } }) => item.scenario.id === 'refund-timeout-after-mutation',
    )
    expect(timeout).toMatchObject({
      classification: 'NEW_CRITICAL_FAILURE',
      divergence: {
        step: 2,
        kind: 'tool',
        sentence:
          'At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).',
      },
      baseline: { finished: true, outcome: 'SUCCESS', failed: [] },
      candidate: { finished: true, outcome: 'SUCCESS', metrics: { toolCalls: 4 } },
      state: {
        changedPaths: expect.arrayContaining(['orders.ORD-1001.refund_count']),
      },
    })
    expect(
      timeout.candidate.failed.map(
        (item: { id: string; label: string }) => `${item.id} ${item.label}`,
      ),
    ).toEqual([
      'refunded-exactly-once FAIL',
      'refunded-amount FAIL',
      'no-double-refund FAIL',
      'success-backed-by-state STATE_MISMATCH',
      'policy-before-refund FAIL',
    ])
    expect(timeout.candidate.metrics.latencyMs).toBeGreaterThanOrEqual(0)
    expect(timeout.scenario).toEqual({
      id: 'refund-timeout-after-mutation',
      version: '1.0.0',
      title: 'The payment provider refunds, then times out before answering',
      digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    })
    expect(timeout.reason).toBe(
      'critical expectation refunded-exactly-once is PASS on the baseline and FAIL on the candidate',
    )
    expect(timeout.changes[0]).toEqual({
      id: 'refunded-exactly-once',
      type: 'state',
      critical: true,
      change: 'regressed',
      baseline: 'PASS',
      candidate: 'FAIL',
    })
    expect([timeout.baseline.retries.total, timeout.candidate.retries.total]).toEqual([0, 1])
    expect(timeout.candidate.retries.byTool.refund_payment).toBe(1)
  })

  test('with GITHUB_STEP_SUMMARY set, the Markdown table is appended to that file', () => {
    const summary = readFileSync(summaryFile, 'utf8')
    expect(summary.startsWith('# Earlier step\n\nits own summary\n## AgentTwin comparison\n')).toBe(
      true,
    )
    expect(summary.slice(summary.indexOf('## AgentTwin'))).toMatchInlineSnapshot(`
      "## AgentTwin comparison

      ### ⛔ demo-co-support 1.3.0 vs demo-co-support 1.2.4: BLOCK, as declared

      | | baseline 1.2.4 | candidate 1.3.0 |
      | --- | ---: | ---: |
      | tool calls | 10 | 7 |

      | class | cases |
      | --- | ---: |
      | NEW_CRITICAL_FAILURE | 1 |
      | REGRESSED | 1 |
      | INCOMPLETE | 0 |
      | IMPROVED | 0 |
      | UNCHANGED | 0 |

      Gate BLOCK: 1 NEW_CRITICAL_FAILURE case (block), 1 REGRESSED case (block)

      | scenario | class | first divergence | failed on the candidate |
      | --- | --- | --- | --- |
      | \`refund-happy-path\` | REGRESSED | step 2 (tool): At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001). | policy-before-refund (FAIL) |
      | \`refund-timeout-after-mutation\` | NEW_CRITICAL_FAILURE | step 2 (tool): At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001). | refunded-exactly-once (FAIL, critical), refunded-amount (FAIL, critical), no-double-refund (FAIL, critical), success-backed-by-state (STATE_MISMATCH, critical), policy-before-refund (FAIL) |

      "
    `)
  })
})

describe("expectGate: 'PASS' on a pair that blocks", () => {
  let run: VitestRun

  beforeAll(async () => {
    run = await runVitest({
      root,
      config: config('pass'),
      reporters: ['default', reporter('pass')],
    })
  })

  test('the pair tests fail, the reporter names the gate it expected, the run fails', () => {
    expect(testList(run.modules, root).map((line) => line.replace(/ \|.* \| /, ' | '))).toEqual([
      'scenarios/refund-happy-path.scenario.yaml:2:5 | failed',
      'scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | failed',
    ])
    expect(linesWith(run.stdout, 'AgentTwin: ')).toMatchInlineSnapshot(`
      [
        "AgentTwin: v1.3.0 vs v1.2.4 was expected to gate PASS but gated BLOCK; the run fails. Update expectGate if the change is intended.",
      ]
    `)
    expect(run.exitCode).toBe(1)
  })
})

describe("expectGate: 'BLOCK' on a pair that no longer blocks", () => {
  let run: VitestRun

  beforeAll(async () => {
    run = await runVitest({
      root,
      config: config('fixed'),
      reporters: ['default', reporter('fixed')],
    })
  })

  test('every test passes, yet the reporter makes the run fail', () => {
    expect(testList(run.modules, root).map((line) => line.replace(/ \|.* \| /, ' | '))).toEqual([
      'scenarios/refund-happy-path.scenario.yaml:2:5 | passed',
      'scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | passed',
    ])
    expect(run.stdout).toMatch(/Tests {2}2 passed \(2\)/)
    expect(linesWith(run.stdout, 'AgentTwin: ')).toMatchInlineSnapshot(`
      [
        "AgentTwin: v1.3.1 vs v1.2.4 was expected to gate BLOCK but gated PASS; the run fails. Update expectGate if the change is intended.",
      ]
    `)
    expect(run.exitCode).toBe(1)
  })

  test('a case whose sides agree has no divergence and no state difference in the report', () => {
    const report = JSON.parse(readFileSync(`${tmp}/fixed.json`, 'utf8'))
    expect(
      report.pairs[0].cases.map((item: Record<string, unknown>) => [
        item.classification,
        'divergence' in item,
        'state' in item,
      ]),
    ).toEqual([
      ['UNCHANGED', false, false],
      ['UNCHANGED', false, false],
    ])
  })
})
