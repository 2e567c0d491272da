import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { renderHtml } from '../../src/report/html/index.ts'
import { renderMarkdown } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { runSide } from '../compare/helpers/suite.ts'

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

describe('model evidence beside the verdict', () => {
  it('the terminal summary gives llm, tokens and cost per side; the verdict is unchanged', async () => {
    const report = await modelReport()
    const text = renderTerminal(report, { color: false })
    expect(text).toMatch(/\n {2}llm +replayed +live\n/)
    expect(text).toMatch(/\n {2}tokens +360 +300\n/)
    expect(text).toMatch(/\n {2}cost +\$0\.0003 +n\/a\n/)
    expect(text).toContain('Gate BLOCK')
  })

  it('the markdown summary has the same rows', async () => {
    const text = renderMarkdown(await modelReport())
    expect(text).toContain('| llm | replayed | live |')
    expect(text).toContain('| tokens | 360 | 300 |')
    expect(text).toContain('| cost | $0.0003 | n/a |')
  })

  it('the HTML report says per case whether a model was in the loop, and its cost', async () => {
    const html = renderHtml(await modelReport())
    expect(html).toContain(
      '<tr><th>llm</th><td>replayed <span class="muted">gpt-x</span></td><td>live <span class="muted">gpt-y</span></td></tr>',
    )
    expect(html).toContain('<tr><th>cost</th><td>$0.0001</td><td>n/a</td></tr>')
  })

  it('a scripted pair keeps its summary: no model rows', async () => {
    const report = buildReport([
      comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
    ])
    for (const item of report.pairs[0]!.cases) {
      item.baseline.llm = 'scripted'
      item.candidate.llm = 'scripted'
    }
    expect(renderTerminal(report, { color: false })).not.toContain('  llm ')
    expect(renderMarkdown(report)).not.toContain('| llm |')
    expect(renderHtml(report)).toContain('<tr><th>llm</th><td>scripted</td><td>scripted</td></tr>')
  })

  it('a run whose model traffic nobody watched says n/a, never scripted', async () => {
    const report = buildReport([
      comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
    ])
    expect(report.pairs[0]!.cases.every((item) => item.baseline.llm === undefined)).toBe(true)
    expect(renderHtml(report)).toContain('<tr><th>llm</th><td>n/a</td><td>n/a</td></tr>')
    expect(renderHtml(report)).not.toContain('<td>scripted</td>')
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
    expect(text).toMatch(/\n {2}llm +refused\+replayed +missing\n/)
    expect(text).toMatch(/\n {2}cost +\$0\.0003 +\$0\n/)
    expect(renderMarkdown(report)).toContain('| llm | refused+replayed | missing |')
    expect(renderHtml(report)).toContain('<td>missing</td>')
  })
})
