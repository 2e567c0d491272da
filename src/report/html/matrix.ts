import { CASE_CLASSES } from '../../compare/classify.ts'
import type { CaseReport, ComparisonReport, PairReport } from '../../compare/report.ts'
import { rateChange } from '../../compare/trials/words.ts'
import { isCritical, isFlaky } from './case.ts'
import { caseAnchor, esc } from './values.ts'

function pairLabel(pair: PairReport): string {
  return `${pair.candidate.version} vs ${pair.baseline.version}`
}

function pairHeader(pair: PairReport): string {
  const counts = CASE_CLASSES.filter((name) => pair.counts[name] > 0)
    .map((name) => `<span class="pill k-${name}" title="${name}">${pair.counts[name]}</span>`)
    .join(' ')
  const reasons = pair.gate.reasons.join('; ')
  return `<th class="pair"><div>${esc(pairLabel(pair))}</div><div class="gate g-${esc(pair.gate.verdict)}" title="${esc(reasons)}">${esc(pair.gate.verdict)}</div><div class="counts">${counts}</div></th>`
}

function cell(pair: PairReport, item: CaseReport | undefined): string {
  if (!item) return '<td class="cell none">—</td>'
  const id = caseAnchor(item.scenario.id, pair.candidate.version, pair.baseline.version)
  const step = item.divergence ? ` · step ${item.divergence.step}` : ''
  const rates = item.trials ? ` · ${rateChange(item.trials)}` : ''
  return `<td class="cell k-${esc(item.classification)}" data-class="${esc(item.classification)}" data-critical="${isCritical(item)}" data-flaky="${isFlaky(item)}"><a href="#${esc(id)}" title="${esc(item.reason)}">${esc(item.classification)}${step}${esc(rates)}${isFlaky(item) ? ' · flaky' : ''}</a></td>`
}

/** Scenarios × pairs, each cell coloured by its classification and linked to its case. */
export function matrix(report: ComparisonReport): string {
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
    return `<tr data-scenario="${esc(id)}"><th class="scenario"><code>${esc(id)}</code><div class="muted">${esc(title)}</div></th>${cells.join('')}</tr>`
  })
  return `<table class="matrix"><thead><tr><th>scenario</th>${report.pairs.map(pairHeader).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/**
 * Filters from what the cases carry: a chip per classification present, "critical
 * only" when a case touches a critical expectation, "flaky" only when a case has the flag.
 */
export function filters(report: ComparisonReport): string {
  const cases = report.pairs.flatMap((pair) => pair.cases)
  const present = CASE_CLASSES.filter((name) => cases.some((item) => item.classification === name))
  const chips = present.map(
    (name) =>
      `<label class="chip k-${name}"><input type="checkbox" name="class" value="${name}" checked> ${name}</label>`,
  )
  const extra: string[] = []
  if (cases.some(isCritical))
    extra.push('<label class="chip"><input type="checkbox" name="critical"> critical only</label>')
  if (cases.some(isFlaky))
    extra.push('<label class="chip"><input type="checkbox" name="flaky"> flaky only</label>')
  return `<form class="filters" id="filters">${chips.join('')}${extra.join('')}</form>`
}
