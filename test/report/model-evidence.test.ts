import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { renderHtml } from '../../src/report/html/index.ts'
import { renderMarkdown } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { runSide } from '../compare/helpers/suite.ts'
import { parseHtml } from '../support/html-dom.ts'
import { blockOf, normaliseText } from '../support/normalise-text.ts'

/** The mini suite's report, as if every case had been answered by a model from cassettes. */
async function modelReport(): Promise<ComparisonReport> {
  const report = buildReport([
    comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
  ])
  for (const item of report.pairs[0]!.cases) {
    item.baseline.llm = 'replayed'
    item.baseline.metrics.tokens = { input: 100, output: 20 }
    item.baseline.models = { names: ['gpt-x'], cachedTokens: 0, costUsd: 0.0001 }
    item.candidate.llm = 'live'
    item.candidate.metrics.tokens = { input: 90, output: 10 }
    // No price for the candidate's model: its cost is unknown, not zero.
    item.candidate.models = { names: ['gpt-y'], cachedTokens: 0 }
  }
  return report
}

/** The rows of a table of each case's verdict box whose first cell reads `label`. */
function verdictRows(html: string, label: string): string[][] {
  const page = parseHtml(html)
  return page.all('details.case').map((section) => page.row('table.verdict', label, section))
}

describe('model evidence beside the verdict', () => {
  it('the terminal summary gives llm, tokens and cost per side; the verdict is unchanged', async () => {
    const text = renderTerminal(await modelReport(), { color: false })
    expect(normaliseText(blockOf(text, 'Comparison:'))).toMatchInlineSnapshot(`
      "Comparison: support-refund-agent 1.3.0 (candidate) vs support-refund-agent 1.2.4 (baseline)
                               baseline 1.2.4  candidate 1.3.0
        tool calls                          9                6
        llm                          replayed             live
        tokens                            360              300
        cost                          $0.0003              n/a"
    `)
    expect(normaliseText(blockOf(text, 'Gate '))).toMatchInlineSnapshot(
      `"  Gate BLOCK: 1 NEW_CRITICAL_FAILURE case (block), 1 REGRESSED case (block)"`,
    )
  })

  it('the markdown summary has the same rows', async () => {
    const text = renderMarkdown(await modelReport())
    expect(blockOf(text, '| tool calls |')).toMatchInlineSnapshot(`
      "| tool calls | 9 | 6 |
      | llm | replayed | live |
      | tokens | 360 | 300 |
      | cost | $0.0003 | n/a |"
    `)
  })

  it('the HTML report says per case whether a model was in the loop, and its cost', async () => {
    const html = renderHtml(await modelReport())
    const llm = ['llm', 'replayed gpt-x', 'live gpt-y']
    expect(verdictRows(html, 'llm')).toEqual([llm, llm, llm])
    // The model's name is set apart from the word, muted.
    const page = parseHtml(html)
    const [, baseline, candidate] = page.cells('table.verdict', 'llm', page.all('details.case')[0])
    expect([page.text('.muted', baseline), page.text('.muted', candidate)]).toEqual([
      'gpt-x',
      'gpt-y',
    ])
    const cost = ['cost', '$0.0001', 'n/a']
    expect(verdictRows(html, 'cost')).toEqual([cost, cost, cost])
  })

  it('a scripted pair keeps its summary: no model rows', async () => {
    const report = buildReport([
      comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
    ])
    for (const item of report.pairs[0]!.cases) {
      item.baseline.llm = 'scripted'
      item.candidate.llm = 'scripted'
    }
    expect(
      normaliseText(blockOf(renderTerminal(report, { color: false }), 'Comparison:')),
    ).toMatchInlineSnapshot(`
        "Comparison: support-refund-agent 1.3.0 (candidate) vs support-refund-agent 1.2.4 (baseline)
                                 baseline 1.2.4  candidate 1.3.0
          tool calls                          9                6"
      `)
    expect(blockOf(renderMarkdown(report), '| tool calls |')).toMatchInlineSnapshot(
      `"| tool calls | 9 | 6 |"`,
    )
    const scripted = ['llm', 'scripted', 'scripted']
    expect(verdictRows(renderHtml(report), 'llm')).toEqual([scripted, scripted, scripted])
  })

  it('a run whose model traffic nobody watched says n/a, never scripted', async () => {
    const report = buildReport([
      comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
    ])
    expect(report.pairs[0]!.cases.every((item) => item.baseline.llm === undefined)).toBe(true)
    const unknown = ['llm', 'n/a', 'n/a']
    expect(verdictRows(renderHtml(report), 'llm')).toEqual([unknown, unknown, unknown])
  })

  it('refused and missing model traffic is shown as such, with no cost for calls never made', async () => {
    const report = await modelReport()
    for (const item of report.pairs[0]!.cases) {
      item.candidate.llm = 'missing'
      delete item.candidate.models
      delete item.candidate.metrics.tokens
    }
    report.pairs[0]!.cases[0]!.baseline.llm = 'refused'
    const text = renderTerminal(report, { color: false })
    expect(normaliseText(blockOf(text, 'Comparison:'))).toMatchInlineSnapshot(`
      "Comparison: support-refund-agent 1.3.0 (candidate) vs support-refund-agent 1.2.4 (baseline)
                               baseline 1.2.4  candidate 1.3.0
        tool calls                          9                6
        llm                   refused+replayed          missing
        tokens                            360                0
        cost                          $0.0003               $0"
    `)
    expect(blockOf(renderMarkdown(report), '| tool calls |')).toMatchInlineSnapshot(`
      "| tool calls | 9 | 6 |
      | llm | refused+replayed | missing |
      | tokens | 360 | 0 |
      | cost | $0.0003 | $0 |"
    `)
    expect(verdictRows(renderHtml(report), 'llm')).toEqual([
      ['llm', 'refused gpt-x', 'missing'],
      ['llm', 'replayed gpt-x', 'missing'],
      ['llm', 'replayed gpt-x', 'missing'],
    ])
  })
})
