import type { ComparisonReport, SingleCaseReport } from '../../compare/report.ts'
import { singleAttackRates, singleAttackWords } from '../security.ts'
import {
  failedAtTurnWords,
  refusalWords,
  runErrorGroups,
  runErrorTitle,
  sideEvidenceWords,
  singleCaseTitle,
  singleCountWords,
} from '../single-cases.ts'
import { html, joinHtml, type SafeHtml } from './safe-html.ts'

// A verdict's colour reuses the class colours: a failure as a regression, unknown as incomplete.
const VERDICT_CLASS = { FAIL: 'REGRESSED', INCOMPLETE: 'INCOMPLETE', PASS: 'IMPROVED' } as const

/** The cases run on one version: a table of verdicts, reasons and evidence (llm, tokens, refusals). */
export function singleCasesSection(report: ComparisonReport): SafeHtml {
  const cases = report.singleCases ?? []
  if (cases.length === 0) return html``
  const rows = cases.map((item) => {
    const refused = (item.side.refused ?? []).map(
      (refusal) => html`<li>refused ${refusalWords(refusal)}</li>`,
    )
    const atTurns = item.side.failed
      .filter((failed) => failed.turn !== undefined)
      .map((failed) => html`<li class="at-turn">${failedAtTurnWords(failed)}</li>`)
    const located = atTurns.length > 0 ? html`<ul class="changes">${atTurns}</ul>` : ''
    return html`<tr class="single" data-verdict="${item.verdict}"><td>${singleCaseTitle(item)}</td><td><span class="pill k-${VERDICT_CLASS[item.verdict]}">${item.verdict}</span></td><td>${item.reason}${located}</td><td>${sideEvidenceWords(item.side)}${refused.length > 0 ? html`<ul class="changes">${refused}</ul>` : ''}</td></tr>`
  })
  return html`<h2>Cases on one version: ${singleCountWords(cases)}</h2>
<table class="singles"><thead><tr><th>case</th><th>verdict</th><th>why</th><th>evidence</th></tr></thead><tbody>
${joinHtml(rows, html`\n`)}
</tbody></table>${attackRates(cases)}`
}

/** Per case under attack with trials on one version: attack success and utility held, with intervals. */
function attackRates(cases: readonly SingleCaseReport[]): SafeHtml {
  const rates = singleAttackRates(cases)
  if (rates.length === 0) return html``
  const items = rates.map((rate) => html`<li>${singleAttackWords(rate)}</li>`)
  return html`<h3>Under attack over trials (Wilson 95 %)</h3><ul class="attack-rates">${items}</ul>`
}

/**
 * What was not judged (files that did not load, errors outside a test), then
 * failed tests written by hand: a section each, every item blocks the gate.
 */
export function runErrorsSection(report: ComparisonReport): SafeHtml {
  const sections = runErrorGroups(report.runErrors ?? []).map((group) => {
    const items = group.errors.map(
      (error) =>
        html`<div class="run-error"><h4>${runErrorTitle(error)}</h4><pre>${error.message}</pre></div>`,
    )
    return html`<section class="run-errors"><h2>${group.heading}: each blocks the gate</h2>
${joinHtml(items, html`\n`)}
</section>`
  })
  return joinHtml(sections, html`\n`)
}
