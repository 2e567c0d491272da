import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { htmlPieces, renderCheckedHtml, renderHtml } from '../../src/report/html/index.ts'
import { SCRIPT } from '../../src/report/html/page.ts'
import type { CheckedReport } from '../../src/report/validate.ts'
import { runSide } from '../compare/helpers/suite.ts'
import { parseHtml, textOf } from '../support/html-dom.ts'

const HOSTILE = `</script><script>alert(1)</script><img src=x onerror="alert('x')">&amp;`

async function report(): Promise<ComparisonReport> {
  return buildReport([
    comparePair({ baseline: await runSide('baseline'), candidate: await runSide('candidate') }),
  ])
}

/** Every string and number in the report replaced by a hostile string (the one that kept the original). */
function poison(value: unknown): unknown {
  if (typeof value === 'string') return `${value}${HOSTILE}`
  if (typeof value === 'number') return `${value}${HOSTILE}`
  if (Array.isArray(value)) return value.map(poison)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, poison(inner)]))
  }
  return value
}

describe('renderHtml', () => {
  it('refuses a report whose enumerations and numbers hold markup', async () => {
    const poisoned = poison(await report()) as ComparisonReport
    expect(() => renderHtml(poisoned)).toThrow(/not a valid AgentTwin comparison report/)
  })

  it('escapes every value, enumerations and numbers too, even past the schema check', async () => {
    // The renderer's own guarantee, without the check in front of it.
    const plain = await report()
    const page = parseHtml(renderCheckedHtml(poison(plain) as CheckedReport))
    // No element came from the values: one script (the page's own), no image, no handler.
    expect(page.all('script').map(textOf)).toEqual([textOf(parseHtml(`<p>${SCRIPT}</p>`).one('p'))])
    expect(page.all('img')).toEqual([])
    const handlers = page
      .all('*')
      .flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on')))
    expect(handlers).toEqual([])
    // The hostile text is text a reader sees, `&amp;` as typed: strings ...
    const first = plain.pairs[0]!.cases[0]!
    const section = page.all('details.case')[0]!
    expect(page.text('.reason', section)).toBe(`${first.reason}${HOSTILE}`)
    // ... numbers ...
    expect(page.row('table.verdict', 'tool calls', section)).toEqual([
      'tool calls',
      `${first.baseline.metrics.toolCalls}${HOSTILE}`,
      `${first.candidate.metrics.toolCalls}${HOSTILE}`,
    ])
    // ... and enumerations, in text and in attributes.
    expect(page.text('summary .pill', section)).toBe(`${first.classification}${HOSTILE}`)
    expect(section.getAttribute('data-class')).toBe(`${first.classification}${HOSTILE}`)
  })

  it('shows the flaky filter only when a case carries the flag', async () => {
    const plain = await report()
    expect(parseHtml(renderHtml(plain)).all('input[name="flaky"]')).toEqual([])
    const flagged = structuredClone(plain)
    Object.assign(flagged.pairs[0]!.cases[0]!, { flaky: true })
    const page = parseHtml(renderHtml(flagged))
    expect(page.text('label:has(input[name="flaky"])')).toBe('flaky only')
    // The flagged case's matrix cell and its section, and nothing else.
    const id = flagged.pairs[0]!.cases[0]!.scenario.id
    expect(
      page
        .all('[data-flaky="true"]')
        .map((element) => element.id || element.querySelector('a')?.getAttribute('href')),
    ).toEqual([`#${id}/v1.3.0-vs-v1.2.4`, `${id}/v1.3.0-vs-v1.2.4`])
  })

  it('folds a long value and keeps it whole behind <details>', async () => {
    const produced = await report()
    const long = 'x'.repeat(400)
    const first = produced.pairs[0]!.cases.find((item) => item.trajectories)!
    const call = first.trajectories!.candidate.find((step) => step.kind === 'call')!
    if (call.kind === 'call') call.args = { body: long }
    const page = parseHtml(renderHtml(produced))
    const fold = page.one(`td.lane.candidate .arg details.fold`)
    expect(page.text('summary', fold)).toBe(`${'x'.repeat(80)}… 400 chars`)
    expect(page.text('pre', fold)).toBe(long)
    expect(fold.hasAttribute('open')).toBe(false)
  })

  it('says in the verified-outcome row how the claim stands, never a green SUCCESS for a FAILURE claim', async () => {
    const produced = await report()
    const item = produced.pairs[0]!.cases[0]!
    Object.assign(item.candidate, {
      finished: true,
      outcome: 'FAILURE',
      verified: {
        status: 'SUCCESS',
        verified: true,
        reason: 'every state-changing success changed state',
      },
    })
    item.candidate.failed = item.candidate.failed.filter((f) => f.type !== 'outcomeVerified')
    const page = parseHtml(renderHtml(produced))
    const section = page.all('details.case')[0]!
    const [, , candidate] = page.cells('table.verdict', 'verified outcome', section)
    expect(textOf(candidate!)).toBe(
      'FAILURE claimed, no success to back every state-changing success changed state',
    )
    expect(page.attr('b', 'class', candidate!)).toBe('v-no-claim')
  })
})

describe('htmlPieces', () => {
  it('is the page renderHtml returns, one case to a piece', async () => {
    const one = await report()
    // Three pairs of the same cases: a page of several case sections.
    const three = { ...one, pairs: [one.pairs[0]!, one.pairs[0]!, one.pairs[0]!] }
    const pieces = [...htmlPieces(three)]
    expect(pieces.join('')).toBe(renderHtml(three))
    const cases = (piece: string) => piece.split('<details class="case"').length - 1
    const sections = three.pairs.flatMap((pair) => pair.cases).length
    expect(pieces.map(cases).filter((count) => count > 0)).toEqual(Array(sections).fill(1))
  })

  it('refuses a report that does not match its schema when called, before any piece', async () => {
    const poisoned = poison(await report()) as ComparisonReport
    expect(() => htmlPieces(poisoned)).toThrow(/not a valid AgentTwin comparison report/)
  })

  it('is the page renderHtml returns for a run with no pair, a file that did not load and a single case', async () => {
    const side = (await runSide('candidate')).cases[0]!
    const runErrors = [
      {
        kind: 'load-failure' as const,
        file: 'scenarios/broken.scenario.yaml',
        message: 'bad YAML',
      },
    ]
    const noPair = buildReport([], { singleCases: [side], runErrors })
    const page = [...htmlPieces(noPair)].join('')
    expect(page).toBe(renderHtml(noPair))
    expect(page).toContain('<p>No pair was compared.</p>')
    expect(page).toContain('scenarios/broken.scenario.yaml')
    expect(page).toContain(side.run.scenario.id)
  })
})
