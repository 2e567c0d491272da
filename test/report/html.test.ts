import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { renderCheckedHtml, renderHtml } from '../../src/report/html/index.ts'
import type { CheckedReport } from '../../src/report/validate.ts'
import { runSide } from '../compare/helpers/suite.ts'

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
    const html = renderCheckedHtml(poison(await report()) as CheckedReport)
    expect(html).not.toContain('<img')
    expect(html).not.toContain('onerror="')
    expect(html).not.toContain('<script>alert')
    // One script element only: the page's own.
    expect(html.match(/<script>/g)).toHaveLength(1)
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&amp;amp;')
  })

  it('shows the flaky filter only when a case carries the flag', async () => {
    const plain = await report()
    expect(renderHtml(plain)).not.toContain('name="flaky"')
    const flagged = structuredClone(plain)
    Object.assign(flagged.pairs[0]!.cases[0]!, { flaky: true })
    const html = renderHtml(flagged)
    expect(html).toContain('name="flaky"')
    expect(html.match(/data-flaky="true"/g)).toHaveLength(2)
  })

  it('folds a long value and keeps it whole behind <details>', async () => {
    const produced = await report()
    const long = 'x'.repeat(400)
    const first = produced.pairs[0]!.cases.find((item) => item.trajectories)!
    const call = first.trajectories!.candidate.find((step) => step.kind === 'call')!
    if (call.kind === 'call') call.args = { body: long }
    const html = renderHtml(produced)
    expect(html).toContain(`<details class="fold"><summary><code>${'x'.repeat(80)}</code>…`)
    expect(html).toContain(`<pre>${long}</pre>`)
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
    const html = renderHtml(produced)
    const row = html.slice(html.indexOf('<th>verified outcome</th>')).split('</tr>')[0]!
    const candidate = row.split('<td>')[2]!
    expect(candidate).toContain('<b class="v-no-claim">FAILURE claimed, no success to back</b>')
    expect(candidate).not.toContain('v-backed')
  })
})
