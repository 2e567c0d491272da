import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { renderHtml, renderMarkdown, renderTerminal } from '../../src/report/index.ts'
import { parseHtml } from '../support/html-dom.ts'
import { linesWith } from '../support/normalise-text.ts'

// A report of a case with sequential trials (at most 20 a side, 4 looks): careful
// skips the policy check 1 in 10 trials, hasty 9 in 10, and the case stopped at
// the second look; careful paired with itself ran all 20 (the e2e sequential
// fixture's report).
const report = JSON.parse(
  readFileSync(new URL('./fixtures/trials-report.json', import.meta.url), 'utf8'),
) as ComparisonReport

test('the terminal shows the rates, pass^k, the p-value and which trial pair it shows', () => {
  const text = renderTerminal(report, { color: false })
  expect(
    text
      .split('\n')
      .filter((line) =>
        /Trials|Unchanged|UNCHANGED|passed|p = |trial \d+ of|noise floor|sequential|Holm/.test(
          line,
        ),
      ),
  ).toMatchInlineSnapshot(`
    [
      "  UNCHANGED             0",
      "REGRESSED refund-sequential v1.0.0 A refund by an agent whose policy check depends on its seed",
      "  expectation policy-before-refund passed 8/10 on the baseline and 0/10 on the candidate (one-sided Fisher p = 0.000357, significant at 0.00549 for the case: Holm over its 2 one-sided tests)",
      "  Trials 10 of 20 a side (look 2 of 4, efficacy), alpha 0.05; shown: trial 2 of 10, where policy-before-refund passed on the baseline and failed on the candidate",
      "    case passed 8/10 → 0/10, pass^10 0.00 → 0.00, Wilson 95 % [0.49, 0.94] → [0.00, 0.28], FLAKY (baseline)",
      "    policy-before-refund 8/10 → 0/10, pass^10 0.00 → 0.00, p = 0.000357 (significant)",
      "    one decision for the case at alpha 0.05: Holm over 2 of its 4 one-sided tests (worse and better per expectation; tests whose margins cannot reach alpha not counted), each against its exact group-sequential boundary (O'Brien-Fleming-type alpha spending, 0.00549 spent by look 2)",
      "    sequential: stopped at look 2 of 4 (5, 10, 15, 20 trials a side) after 10 of 20 planned trials a side (efficacy: a change crossed its group-sequential boundary); saved 20 runs, 0 model calls, 0 tokens against k=20 (estimated at the mean per run)",
      "  First divergence at step 2 (tool), trial 2 of 10",
      "  UNCHANGED             1",
      "  Unchanged over trials (details in the HTML and JSON reports)",
      "    UNCHANGED refund-sequential: case passed 16/20 → 18/20, pass^20 0.00 → 0.00, FLAKY (baseline, candidate), 20 of 20 a side (look 4 of 4, max)",
    ]
  `)
})

test('the step summary has a trials table; the HTML a trials section and rates in the matrix', () => {
  const markdown = renderMarkdown(report)
  expect(
    markdown.split('\n').filter((line) => line.includes('refund-sequential')),
  ).toMatchInlineSnapshot(`
    [
      "| \`refund-sequential\` | REGRESSED | step 2 (tool): At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-ORD-1001-715949981, order_id=ORD-1001). | policy-before-refund (FAIL) |",
      "| \`refund-sequential\` | REGRESSED FLAKY (baseline) | 10 of 20 a side (look 2 of 4, efficacy) | case passed 8/10 → 0/10, pass^10 0.00 → 0.00 | policy-before-refund 8/10 → 0/10 (p = 0.000357, significant) | trial 2 of 10, where policy-before-refund passed on the baseline and failed on the candidate |",
      "- \`refund-sequential\`: sequential: stopped at look 2 of 4 (5, 10, 15, 20 trials a side) after 10 of 20 planned trials a side (efficacy: a change crossed its group-sequential boundary); saved 20 runs, 0 model calls, 0 tokens against k=20 (estimated at the mean per run)",
      "| \`refund-sequential\` | UNCHANGED FLAKY (baseline, candidate) | 20 of 20 a side (look 4 of 4, max) | case passed 16/20 → 18/20, pass^20 0.00 → 0.00 | policy-before-refund 16/20 → 18/20 (p = 0.331) | trial 1 of 20, the first whose own classification is IMPROVED |",
      "- \`refund-sequential\`: sequential: stopped at look 4 of 4 (5, 10, 15, 20 trials a side) after 20 of 20 planned trials a side (max: it reached the last look); saved 0 runs, 0 model calls, 0 tokens against k=20 (estimated at the mean per run)",
      "- \`refund-sequential\`: policy-before-refund 16/20 → 18/20 (better): seen but not significant at k=20 (p = 0.331); k=214 a side would give 80 % power to detect these rates at alpha 0.05, Holm over 2 one-sided tests",
    ]
  `)
  const page = parseHtml(renderHtml(report))
  const regressed = page.one('details.case[data-class="REGRESSED"]')
  expect(page.text('h4:has(+ table.trials)', regressed)).toBe(
    'Trials: 10 of 20 a side (look 2 of 4, efficacy), alpha 0.05 · FLAKY (baseline)',
  )
  expect(page.rows('table.trials', regressed)).toMatchInlineSnapshot(`
    [
      [
        "",
        "baseline passed",
        "candidate passed",
        "one-sided Fisher",
      ],
      [
        "whole case",
        "8/10 pass^10 0.00 · Wilson [0.49, 0.94]",
        "0/10 pass^10 0.00 · Wilson [0.00, 0.28]",
        "",
      ],
      [
        "refunded-exactly-once critical",
        "10/10 pass^10 1.00 · Wilson [0.72, 1.00]",
        "10/10 pass^10 1.00 · Wilson [0.72, 1.00]",
        "—",
      ],
      [
        "policy-before-refund",
        "8/10 pass^10 0.00 · Wilson [0.49, 0.94]",
        "0/10 pass^10 0.00 · Wilson [0.00, 0.28]",
        "p = 0.000357 significant",
      ],
    ]
  `)
  expect(page.texts('table.trials + p.muted', regressed)).toMatchInlineSnapshot(`
    [
      "one decision for the case at alpha 0.05: Holm over 2 of its 4 one-sided tests (worse and better per expectation; tests whose margins cannot reach alpha not counted), each against its exact group-sequential boundary (O'Brien-Fleming-type alpha spending, 0.00549 spent by look 2); seeds: independent.",
    ]
  `)
  expect(page.rows('table.matrix')).toMatchInlineSnapshot(`
    [
      [
        "scenario",
        "hasty vs careful BLOCK 1 sequential trials: 1 case used 10 of 20 planned trials a side, 1 stopped before the last look; saved 20 runs, 0 model calls, 0 tokens",
        "careful vs careful PASS 1 sequential trials: 1 case used 20 of 20 planned trials a side, 0 stopped before the last look; saved 0 runs, 0 model calls, 0 tokens",
      ],
      [
        "refund-sequential A refund by an agent whose policy check depends on its seed",
        "REGRESSED · step 2 · 8/10 → 0/10 · 10/20 trials · flaky",
        "UNCHANGED · step 2 · 16/20 → 18/20 · 20/20 trials · flaky",
      ],
    ]
  `)
})

test('every report tells the same sequential story: looks, trials run against the plan, why it stopped', () => {
  const regressed = report.pairs[0]!.cases[0]!.trials!.sequential!
  // The JSON carries it as data ...
  expect(regressed).toMatchObject({ maxK: 20, looks: [5, 10, 15, 20], stoppedAt: 2, used: 10 })
  expect(regressed.stop).toBe('efficacy')
  // ... and the terminal, the step summary and the HTML say it in the same words.
  const story =
    'sequential: stopped at look 2 of 4 (5, 10, 15, 20 trials a side) after 10 of 20 planned trials a side (efficacy: a change crossed its group-sequential boundary); saved 20 runs'
  const totals =
    'equential trials: 1 case used 10 of 20 planned trials a side, 1 stopped before the last look; saved 20 runs, 0 model calls, 0 tokens'
  const page = parseHtml(renderHtml(report))
  // In the HTML: the story in the regressed case's section, the totals under its pair in the matrix.
  const section = page.one('details.case[data-class="REGRESSED"]')
  const paragraphs = page.texts('p', section).filter((text) => text.startsWith('sequential:'))
  expect(paragraphs).toEqual([expect.stringContaining(story)])
  expect(page.texts('table.matrix th.pair .muted')[0]).toBe(`s${totals}`)
  const outputs = {
    terminal: renderTerminal(report, { color: false }),
    markdown: renderMarkdown(report),
  }
  for (const [name, text] of Object.entries(outputs)) {
    expect(linesWith(text, story), name).toHaveLength(1)
    expect(linesWith(text, totals), name).toHaveLength(1)
  }
  expect(linesWith(outputs.terminal, 'equential')).toMatchInlineSnapshot(`
    [
      "  Sequential trials: 1 case used 10 of 20 planned trials a side, 1 stopped before the last look; saved 20 runs, 0 model calls, 0 tokens",
      "REGRESSED refund-sequential v1.0.0 A refund by an agent whose policy check depends on its seed",
      "    one decision for the case at alpha 0.05: Holm over 2 of its 4 one-sided tests (worse and better per expectation; tests whose margins cannot reach alpha not counted), each against its exact group-sequential boundary (O'Brien-Fleming-type alpha spending, 0.00549 spent by look 2)",
      "    sequential: stopped at look 2 of 4 (5, 10, 15, 20 trials a side) after 10 of 20 planned trials a side (efficacy: a change crossed its group-sequential boundary); saved 20 runs, 0 model calls, 0 tokens against k=20 (estimated at the mean per run)",
      "  Sequential trials: 1 case used 20 of 20 planned trials a side, 0 stopped before the last look; saved 0 runs, 0 model calls, 0 tokens",
      "    UNCHANGED refund-sequential: case passed 16/20 → 18/20, pass^20 0.00 → 0.00, FLAKY (baseline, candidate), 20 of 20 a side (look 4 of 4, max)",
    ]
  `)
  expect(linesWith(outputs.markdown, 'equential')).toMatchInlineSnapshot(`
    [
      "| \`refund-sequential\` | REGRESSED | step 2 (tool): At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-ORD-1001-715949981, order_id=ORD-1001). | policy-before-refund (FAIL) |",
      "| \`refund-sequential\` | REGRESSED FLAKY (baseline) | 10 of 20 a side (look 2 of 4, efficacy) | case passed 8/10 → 0/10, pass^10 0.00 → 0.00 | policy-before-refund 8/10 → 0/10 (p = 0.000357, significant) | trial 2 of 10, where policy-before-refund passed on the baseline and failed on the candidate |",
      "Sequential trials: 1 case used 10 of 20 planned trials a side, 1 stopped before the last look; saved 20 runs, 0 model calls, 0 tokens.",
      "- \`refund-sequential\`: sequential: stopped at look 2 of 4 (5, 10, 15, 20 trials a side) after 10 of 20 planned trials a side (efficacy: a change crossed its group-sequential boundary); saved 20 runs, 0 model calls, 0 tokens against k=20 (estimated at the mean per run)",
      "| \`refund-sequential\` | UNCHANGED FLAKY (baseline, candidate) | 20 of 20 a side (look 4 of 4, max) | case passed 16/20 → 18/20, pass^20 0.00 → 0.00 | policy-before-refund 16/20 → 18/20 (p = 0.331) | trial 1 of 20, the first whose own classification is IMPROVED |",
      "Sequential trials: 1 case used 20 of 20 planned trials a side, 0 stopped before the last look; saved 0 runs, 0 model calls, 0 tokens.",
      "- \`refund-sequential\`: sequential: stopped at look 4 of 4 (5, 10, 15, 20 trials a side) after 20 of 20 planned trials a side (max: it reached the last look); saved 0 runs, 0 model calls, 0 tokens against k=20 (estimated at the mean per run)",
      "- \`refund-sequential\`: policy-before-refund 16/20 → 18/20 (better): seen but not significant at k=20 (p = 0.331); k=214 a side would give 80 % power to detect these rates at alpha 0.05, Holm over 2 one-sided tests",
    ]
  `)
})
