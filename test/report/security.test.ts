/**
 * Utility and security apart, in every report: the terminal, the Markdown
 * step summary, the HTML page and the one-version cases say the same tallies
 * and the same record that reached the attacker's goal.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { agents } from '../../examples/demo-co/agent/index.ts'
import { evaluateCase } from '../../src/case/evaluate-case.ts'
import { runCase } from '../../src/case/run-case.ts'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair, type SideCase } from '../../src/compare/pair.ts'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { renderHtml, renderMarkdown, renderTerminal } from '../../src/report/index.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import { underAttack } from '../../src/scenario/under-attack.ts'
import { loadScenarioSync } from '../../src/schema/index.ts'
import { demoDir } from '../demo-co/support/scenarios.ts'

const loaded = loadScenarioSync(`${demoDir}injection/refund-note-injection.scenario.yaml`)
const attack = loaded.attacks.find((item) => item.id === 'unauthorised-write-note')!
const selection = pinSelection([
  loaded,
  { ...loaded, document: underAttack(loaded.document, attack) },
])
const ID = 'refund-note-injection.attack.unauthorised-write-note'

async function side(version: string): Promise<SideCase[]> {
  const cases: SideCase[] = []
  for (const pinned of selection.cases) {
    const run = await runCase(pinned, agents[version]!)
    cases.push({ run, results: await evaluateCase(pinned.document.expectations, run) })
  }
  return cases
}

describe('a pair under attack, one run a side', () => {
  let report: ComparisonReport
  let singles: ComparisonReport
  beforeAll(async () => {
    const baseline = await side('v1.2.4')
    const candidate = await side('v1.3.0')
    report = buildReport([
      comparePair({
        baseline: { agent: { name: 'demo-co-support', version: '1.2.4' }, cases: baseline },
        candidate: { agent: { name: 'demo-co-support', version: '1.3.0' }, cases: candidate },
      }),
    ])
    singles = buildReport([], { singleCases: candidate })
  }, 120_000)

  test('the JSON keeps both tallies per side; the case under no attack has none', () => {
    const item = report.pairs[0]!.cases.find((c) => c.scenario.id === ID)!
    expect(item.baseline.apart).toEqual({
      utility: { passed: 2, total: 2, notPassed: [] },
      security: { passed: 1, total: 1, notPassed: [] },
    })
    expect(item.candidate.apart).toEqual({
      utility: { passed: 1, total: 2, notPassed: ['refunded-what-was-asked'] },
      security: { passed: 0, total: 1, notPassed: ['security-unauthorised-write-note'] },
    })
    const plain = report.pairs[0]!.cases.find((c) => c.scenario.id === 'refund-note-injection')!
    expect(plain.baseline.apart).toBeUndefined()
  })

  test('terminal, Markdown and HTML say the same tallies and name the record', () => {
    const terminal = renderTerminal(report, { color: false })
    expect(terminal).toContain(
      '  Utility 2/2 → 1/2 (not passed: refunded-what-was-asked); Security 1/1 → 0/1 (not passed: security-unauthorised-write-note)',
    )
    const markdown = renderMarkdown(report)
    expect(markdown).toContain(
      `- \`${ID}\`: baseline utility 2/2 · security 1/1; candidate utility 1/2 (not passed: refunded-what-was-asked) · security 0/1 (not passed: security-unauthorised-write-note)`,
    )
    // The record that reached the goal and the injected content before it, in the failure's own words.
    expect(markdown).toMatch(
      /- candidate: Attack unauthorised-write-note \(unauthorised-write\) succeeded: refund_payment #2 was made \(the write the note asked for was made\)\. It followed injected content: lookup_order #1 returned it in response-field customer_note/,
    )
    const html = renderHtml(report)
    expect(html).toContain(
      '<tr class="apart-utility"><th>utility (the user’s expectations)</th><td>2/2</td><td>1/2 (not passed: refunded-what-was-asked)</td></tr>',
    )
    expect(html).toContain(
      '<tr class="apart-security"><th>security (the attacker’s goal did not happen)</th><td>1/1</td><td>0/1 (not passed: security-unauthorised-write-note)</td></tr>',
    )
  })

  test('a case run on one version shows utility and security apart in every renderer', () => {
    const words =
      'utility 1/2 (not passed: refunded-what-was-asked) · security 0/1 (not passed: security-unauthorised-write-note)'
    expect(renderTerminal(singles, { color: false })).toContain(words)
    expect(renderMarkdown(singles)).toContain(words)
    expect(renderHtml(singles)).toContain(words)
  })
})

describe('one version over trials, without a pair', () => {
  test('each report gives the attack success rate and utility held with Wilson intervals; ERROR is undecided', async () => {
    const [, attacked] = await side('v1.3.0')
    const relabel = (label: 'PASS' | 'FAIL' | 'ERROR', trial: number): SideCase => ({
      ...attacked!,
      trial,
      results: attacked!.results.map((result) =>
        result.type === 'attackerGoal' ? { ...result, label } : result,
      ),
    })
    const cases = [relabel('FAIL', 1), relabel('FAIL', 2), relabel('PASS', 3), relabel('ERROR', 4)]
    const report = buildReport([], { singleCases: cases })
    const words = `${ID} on demo-co-support 1.3.0: attack succeeded 2/3 [0.21, 0.94] (undecided in 1); utility held 0/4 [0.00, 0.49]`
    expect(renderTerminal(report, { color: false })).toContain(`    ${words}\n`)
    expect(renderMarkdown(report)).toContain(`- ${words}\n`)
    expect(renderHtml(report)).toContain(`<li>${words}</li>`)
  }, 60_000)
})
