import { CASE_CLASSES } from '../../compare/classify.ts'
import {
  type CaseReport,
  type ComparisonReport,
  type PairReport,
  projectWords,
} from '../../compare/report.ts'
import { rateChange } from '../../compare/trials/words.ts'
import { sequentialTotals } from '../trials.ts'
import { isCritical, isFlaky } from './case.ts'
import { html, joinHtml, type SafeHtml } from './safe-html.ts'
import { caseAnchor } from './values.ts'

function pairLabel(pair: PairReport): string {
  return `${pair.candidate.version} vs ${pair.baseline.version}${projectWords(pair.project)}`
}

function pairHeader(pair: PairReport): SafeHtml {
  const counts = CASE_CLASSES.filter((name) => pair.counts[name] > 0).map(
    (name) => html`<span class="pill k-${name}" title="${name}">${pair.counts[name]}</span>`,
  )
  const reasons = pair.gate.reasons.join('; ')
  const totals = sequentialTotals(pair.cases)
  const sequential = totals ? html`<div class="muted">${totals}</div>` : ''
  return html`<th class="pair"><div>${pairLabel(pair)}</div><div class="gate g-${pair.gate.verdict}" title="${reasons}">${pair.gate.verdict}</div><div class="counts">${joinHtml(counts, html` `)}</div>${sequential}</th>`
}

function cell(pair: PairReport, item: CaseReport | undefined): SafeHtml {
  if (!item) return html`<td class="cell none">—</td>`
  const id = caseAnchor(item.scenario.id, pair)
  const step = item.divergence ? html` · step ${item.divergence.step}` : ''
  const used = item.trials?.sequential
    ? ` · ${item.trials.sequential.used}/${item.trials.sequential.maxK} trials`
    : ''
  const rates = item.trials ? ` · ${rateChange(item.trials)}${used}` : ''
  return html`<td class="cell k-${item.classification}" data-class="${item.classification}" data-critical="${isCritical(item)}" data-flaky="${isFlaky(item)}"><a href="#${id}" title="${item.reason}">${item.classification}${step}${rates}${isFlaky(item) ? ' · flaky' : ''}</a></td>`
}

/** Scenarios × pairs, each cell coloured by its classification and linked to its case. */
export function matrix(report: ComparisonReport): SafeHtml {
  const scenarios = new Map<string, string>()
  for (const pair of report.pairs)
    for (const item of pair.cases) scenarios.set(item.scenario.id, item.scenario.title)
  const rows = [...scenarios].map(([id, title]) => {
    const cells = report.pairs.map((pair) =>
      cell(
        pair,
        pair.cases.find((item) => item.scenario.id === id),
      ),
    )
    return html`<tr data-scenario="${id}"><th class="scenario"><code>${id}</code><div class="muted">${title}</div></th>${cells}</tr>`
  })
  return html`<table class="matrix"><thead><tr><th>scenario</th>${report.pairs.map(pairHeader)}</tr></thead><tbody>${rows}</tbody></table>`
}

/**
 * Filters from what the cases carry: a chip per classification present, "critical
 * only" when a case touches a critical expectation, "flaky" only when a case has the flag.
 */
export function filters(report: ComparisonReport): SafeHtml {
  const cases = report.pairs.flatMap((pair) => pair.cases)
  const present = CASE_CLASSES.filter((name) => cases.some((item) => item.classification === name))
  const chips = present.map(
    (name) =>
      html`<label class="chip k-${name}"><input type="checkbox" name="class" value="${name}" checked> ${name}</label>`,
  )
  const extra: SafeHtml[] = []
  if (cases.some(isCritical))
    extra.push(
      html`<label class="chip"><input type="checkbox" name="critical"> critical only</label>`,
    )
  if (cases.some(isFlaky))
    extra.push(html`<label class="chip"><input type="checkbox" name="flaky"> flaky only</label>`)
  return html`<form class="filters" id="filters">${chips}${extra}</form>`
}
