import type { ComparisonReport } from '../../compare/report.ts'
import {
  refusalWords,
  runErrorTitle,
  sideEvidenceWords,
  singleCaseTitle,
  singleCountWords,
} from '../single-cases.ts'
import { esc } from './values.ts'

// A verdict's colour reuses the class colours: a failure as a regression, unknown as incomplete.
const VERDICT_CLASS = { FAIL: 'REGRESSED', INCOMPLETE: 'INCOMPLETE', PASS: 'IMPROVED' } as const

/** The cases run on one version: a table of verdicts, reasons and evidence (llm, tokens, refusals). */
export function singleCasesSection(report: ComparisonReport): string {
  const cases = report.singleCases ?? []
  if (cases.length === 0) return ''
  const rows = cases.map((item) => {
    const refused = (item.side.refused ?? [])
      .map((refusal) => `<li>refused ${esc(refusalWords(refusal))}</li>`)
      .join('')
    return `<tr class="single" data-verdict="${esc(item.verdict)}"><td>${esc(singleCaseTitle(item))}</td><td><span class="pill k-${VERDICT_CLASS[item.verdict]}">${esc(item.verdict)}</span></td><td>${esc(item.reason)}</td><td>${esc(sideEvidenceWords(item.side))}${refused ? `<ul class="changes">${refused}</ul>` : ''}</td></tr>`
  })
  return `<h2>Cases on one version: ${esc(singleCountWords(cases))}</h2>
<table class="singles"><thead><tr><th>case</th><th>verdict</th><th>why</th><th>evidence</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`
}

/** What was not judged (files that did not load, errors outside a test): each blocks the gate. */
export function runErrorsSection(report: ComparisonReport): string {
  const errors = report.runErrors ?? []
  if (errors.length === 0) return ''
  const items = errors.map(
    (error) =>
      `<div class="run-error"><h4>${esc(runErrorTitle(error))}</h4><pre>${esc(error.message)}</pre></div>`,
  )
  return `<section class="run-errors"><h2>Not judged: each blocks the gate</h2>
${items.join('\n')}
</section>`
}
