import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { renderHtml, renderMarkdown, renderTerminal } from '../../src/report/index.ts'

// A report of a case that ran five trials a side: careful skips the policy
// check 1 in 5 trials, hasty in all of them (the e2e trials fixture's figures).
const report = JSON.parse(
  readFileSync(new URL('./fixtures/trials-report.json', import.meta.url), 'utf8'),
) as ComparisonReport

test('the terminal shows the rates, pass^k, the p-value and which trial pair it shows', () => {
  const text = renderTerminal(report, { color: false })
  expect(text).toContain('REGRESSED refund-trials')
  expect(
    text.split('\n').filter((line) => /Trials|passed|p = |trial 1 of 5|noise floor/.test(line)),
  ).toMatchInlineSnapshot(`
      [
        "  expectation policy-before-refund passed 4/5 on the baseline and 0/5 on the candidate (one-sided Fisher p = 0.0238 < 0.05)",
        "  Trials 5 a side, alpha 0.05; shown: trial 1 of 5, where policy-before-refund passed on the baseline and failed on the candidate",
        "    case passed 4/5 → 0/5, pass^5 0.00 → 0.00, Wilson 95 % [0.38, 0.96] → [0.00, 0.43], FLAKY (baseline)",
        "    policy-before-refund 4/5 → 0/5, pass^5 0.00 → 0.00, p = 0.0238 (significant)",
        "  First divergence at step 2 (tool), trial 1 of 5",
        "  Trials 5 a side, alpha 0.05; shown: trial 1 of 5: every trial pair is UNCHANGED on its own",
        "    case passed 4/5 → 4/5, pass^5 0.00 → 0.00, Wilson 95 % [0.38, 0.96] → [0.38, 0.96], FLAKY (baseline, candidate)",
        "    noise floor (a version paired with itself): refunded-exactly-once 0/5 same-seed pairs disagree, 0 % of any two runs; policy-before-refund 0/5 same-seed pairs disagree, 36 % of any two runs",
      ]
    `)
})

test('the step summary has a trials table; the HTML a trials section and rates in the matrix', () => {
  const markdown = renderMarkdown(report)
  expect(
    markdown.split('\n').filter((line) => line.includes('refund-trials')),
  ).toMatchInlineSnapshot(`
    [
      "| \`refund-trials\` | REGRESSED | step 2 (tool): At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-ORD-1001-7, order_id=ORD-1001). | policy-before-refund (FAIL) |",
      "| \`refund-trials\` | REGRESSED FLAKY (baseline) | 5 | case passed 4/5 → 0/5, pass^5 0.00 → 0.00 | policy-before-refund 4/5 → 0/5 (p = 0.0238, significant) | trial 1 of 5, where policy-before-refund passed on the baseline and failed on the candidate |",
      "| \`refund-trials\` | UNCHANGED FLAKY (baseline, candidate) | 5 | case passed 4/5 → 4/5, pass^5 0.00 → 0.00 | none | trial 1 of 5: every trial pair is UNCHANGED on its own |",
    ]
  `)
  const html = renderHtml(report)
  expect(html).toContain('<h4>Trials: 5 a side, alpha 0.05')
  expect(html).toContain('REGRESSED · step 2 · 4/5 → 0/5')
  expect(html).toContain('p = 0.0238 <b>significant</b>')
})
