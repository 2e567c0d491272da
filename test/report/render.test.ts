import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import { renderMarkdown } from '../../src/report/markdown.ts'
import { stateDiffLines } from '../../src/report/state-diff.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { renderTrajectory } from '../../src/report/trajectory.ts'
import { runSide } from '../compare/helpers/suite.ts'
import { linesWith, normaliseText } from '../support/normalise-text.ts'

const ESC = String.fromCharCode(27)
const stripAnsi = (text: string) => text.replace(new RegExp(`${ESC}\\[\\d+m`, 'g'), '')

async function report() {
  return buildReport([
    comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
  ])
}

describe('renderTerminal', () => {
  it('prints the summary side by side, then every case that is not unchanged', async () => {
    expect(renderTerminal(await report(), { color: false })).toMatchInlineSnapshot(`
      "Comparison: support-refund-agent 1.3.0 (candidate) vs support-refund-agent 1.2.4 (baseline)
                               baseline 1.2.4  candidate 1.3.0
        tool calls                          9                6

        NEW_CRITICAL_FAILURE  1
        REGRESSED             1
        INCOMPLETE            0
        IMPROVED              0
        UNCHANGED             1

        Gate BLOCK: 1 NEW_CRITICAL_FAILURE case (block), 1 REGRESSED case (block)

      REGRESSED refund-happy-path v1 refund happy path
        expectation policy-before-refund is PASS on the baseline and FAIL on the candidate
        baseline reported SUCCESS; candidate reported SUCCESS
        First divergence at step 2 (tool)
          At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).
          The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point.
        Expectations (baseline → candidate)
          ✗ policy-before-refund PASS → FAIL (regressed)
            candidate: refund_payment ran (#2) but get_refund_policy was never called.
            evidence {"after":{"calls":[{"args":{"amount":40,"order_id":"ORD-1001"},"attempt":1,"changes":["orders.ORD-1001.refunded_amount","orders.ORD-1001.refund_count","orders.…
        Metrics (not part of the verdict) latency 120 ms → 80 ms, tool calls 4 → 2, tokens 1200 → 900, llm n/a → n/a

      NEW_CRITICAL_FAILURE refund-timeout-after-mutation v1 refund timeout after mutation
        critical expectation refund-count-once is PASS on the baseline and FAIL on the candidate
        baseline reported SUCCESS; candidate reported SUCCESS
        First divergence at step 2 (tool)
          At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).
          The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point.
        Expectations (baseline → candidate)
          ✗ refund-count-once critical PASS → FAIL (regressed)
            candidate: orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #2 and #3.
            evidence {"changedBy":[{"after":1,"before":0,"path":"orders.ORD-1001.refund_count","seq":2,"tool":"refund_payment"},{"after":2,"before":1,"path":"orders.ORD-1001.refund…
          ✗ refunded-amount critical PASS → FAIL (regressed)
            candidate: orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.
            evidence {"changedBy":[{"after":40,"before":0,"path":"orders.ORD-1001.refunded_amount","seq":2,"tool":"refund_payment"},{"after":80,"before":40,"path":"orders.ORD-1001.…
          ✗ no-duplicate-refund critical PASS → FAIL (regressed)
            candidate: Effect refund:ORD-1001 was applied 2 times: refund_payment #2 (fault timeout_after_mutation, caller saw status 504) and #3.
            evidence {"effects":[{"applied":2,"effectKey":"refund:ORD-1001","records":[{"args":{"amount":40,"order_id":"ORD-1001"},"attempt":1,"changes":["orders.ORD-1001.refunded_…
          ✗ success-backed-by-state PASS → STATE_MISMATCH (regressed)
            candidate: The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.
            evidence {"changedBy":[{"after":40,"before":0,"path":"orders.ORD-1001.refunded_amount","seq":2,"tool":"refund_payment"},{"after":80,"before":40,"path":"orders.ORD-1001.…
        Retries baseline 0, candidate 1 (refund_payment 1)
        Metrics (not part of the verdict) latency 150 ms → 90 ms, tool calls 4 → 3, tokens n/a → n/a, llm n/a → n/a
        Final state (- baseline, + candidate)
          @@ -6,7 +6,7 @@
                 "notes": [],
                 "order_id": "ORD-1001",
          -      "refund_count": 1,
          -      "refundable_amount": 88,
          -      "refunded_amount": 40,
          +      "refund_count": 2,
          +      "refundable_amount": 48,
          +      "refunded_amount": 80,
                 "status": "delivered"
               }
      "
    `)
  })

  it('adds ANSI colours only when asked', async () => {
    const produced = await report()
    const colored = renderTerminal(produced, { color: true })
    const plain = renderTerminal(produced, { color: false })
    // Red marks what regressed, and the values a state diff removed.
    expect(
      linesWith(colored, `${ESC}[31m`).map((line) => normaliseText(line)),
    ).toMatchInlineSnapshot(`
      [
        "  NEW_CRITICAL_FAILURE  1",
        "  REGRESSED             1",
        "  Gate BLOCK: 1 NEW_CRITICAL_FAILURE case (block), 1 REGRESSED case (block)",
        "REGRESSED refund-happy-path v1 refund happy path",
        "    ✗ policy-before-refund PASS → FAIL (regressed)",
        "NEW_CRITICAL_FAILURE refund-timeout-after-mutation v1 refund timeout after mutation",
        "    ✗ refund-count-once critical PASS → FAIL (regressed)",
        "    ✗ refunded-amount critical PASS → FAIL (regressed)",
        "    ✗ no-duplicate-refund critical PASS → FAIL (regressed)",
        "    ✗ success-backed-by-state PASS → STATE_MISMATCH (regressed)",
        "    -      "refund_count": 1,",
        "    -      "refundable_amount": 88,",
        "    -      "refunded_amount": 40,",
      ]
    `)
    expect(plain).not.toContain(ESC)
    expect(stripAnsi(colored)).toBe(plain)
  })
})

describe('renderMarkdown', () => {
  it('prints a summary table per pair for the step summary', async () => {
    expect(renderMarkdown(await report())).toMatchInlineSnapshot(`
      "## AgentTwin comparison

      ### ⛔ support-refund-agent 1.3.0 vs support-refund-agent 1.2.4: BLOCK

      | | baseline 1.2.4 | candidate 1.3.0 |
      | --- | ---: | ---: |
      | tool calls | 9 | 6 |

      | class | cases |
      | --- | ---: |
      | NEW_CRITICAL_FAILURE | 1 |
      | REGRESSED | 1 |
      | INCOMPLETE | 0 |
      | IMPROVED | 0 |
      | UNCHANGED | 1 |

      Gate BLOCK: 1 NEW_CRITICAL_FAILURE case (block), 1 REGRESSED case (block)

      | scenario | class | first divergence | failed on the candidate |
      | --- | --- | --- | --- |
      | \`refund-happy-path\` | REGRESSED | step 2 (tool): At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001). | policy-before-refund (FAIL) |
      | \`refund-timeout-after-mutation\` | NEW_CRITICAL_FAILURE | step 2 (tool): At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001). | refund-count-once (FAIL, critical), refunded-amount (FAIL, critical), no-duplicate-refund (FAIL, critical), success-backed-by-state (STATE_MISMATCH) |

      1 unchanged case is not listed.
      "
    `)
  })

  it('escapes pipes so a table row stays one row', async () => {
    const produced = await report()
    produced.pairs[0]!.cases[0]!.divergence!.sentence = 'a | b'
    const row = renderMarkdown(produced)
      .split('\n')
      .filter((line) => line.startsWith('| `refund-happy-path`'))
    expect(row).toEqual([
      '| `refund-happy-path` | REGRESSED | step 2 (tool): a \\| b | policy-before-refund (FAIL) |',
    ])
  })

  it('says when a gate was declared and reached, and when it was not', async () => {
    const produced = await report()
    const pair = produced.pairs[0]!
    const heading = (text: string) => text.split('\n').find((line) => line.startsWith('### '))
    expect(heading(renderMarkdown(produced, { declaredGates: ['BLOCK'] }))).toMatch(
      /: BLOCK, as declared$/,
    )
    expect(heading(renderMarkdown(produced, { declaredGates: ['PASS'] }))).toMatch(
      /: BLOCK, declared PASS$/,
    )
    expect(heading(renderMarkdown(produced))).toMatch(/: BLOCK$/)
    const twice = { ...produced, pairs: [pair, pair] }
    const overall = (text: string) => text.split('\n').filter((line) => line.includes('Overall'))
    expect(overall(renderMarkdown(twice, { declaredGates: ['BLOCK', 'BLOCK'] }))).toEqual([
      '**Overall gate: BLOCK, as declared**',
    ])
    expect(overall(renderMarkdown(twice, { declaredGates: ['BLOCK'] }))).toEqual([
      '**Overall gate: BLOCK**',
    ])
  })
})

describe('renderTrajectory', () => {
  it('prints one step per line from the twin records', async () => {
    const candidate = await runSide('candidate')
    expect(renderTrajectory(candidate.cases[1]!.run)).toMatchInlineSnapshot(`
      "1. lookup_order(order_id=ORD-1001) → 200
      2. refund_payment(amount=40, order_id=ORD-1001) → 504 [fault timeout_after_mutation] changed orders.ORD-1001.refunded_amount from 0 to 40, orders.ORD-1001.refund_count from 0 to 1 and orders.ORD-1001.refundable_amount from 128 to 88
      3. refund_payment(amount=40, order_id=ORD-1001) → 200 changed orders.ORD-1001.refunded_amount from 40 to 80, orders.ORD-1001.refund_count from 1 to 2 and orders.ORD-1001.refundable_amount from 88 to 48
      4. reported SUCCESS"
    `)
  })
})

describe('stateDiffLines', () => {
  it('shows only the changed lines with a little context', () => {
    const lines = stateDiffLines(
      { a: 1, b: { c: 1, d: 2, e: 3, f: 4, g: 5 }, z: 0 },
      { z: 0, a: 1, b: { c: 1, d: 2, e: 30, f: 4, g: 5 } },
      1,
    )
    expect(lines).toEqual([
      { kind: 'hunk', text: '@@ -5,3 +5,3 @@' },
      { kind: 'context', text: '     "d": 2,' },
      { kind: 'removed', text: '-    "e": 3,' },
      { kind: 'added', text: '+    "e": 30,' },
      { kind: 'context', text: '     "f": 4,' },
    ])
    expect(stateDiffLines({ a: 1 }, { a: 1 })).toEqual([])
  })
})
