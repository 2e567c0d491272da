import type { CaseReport, PairReport, SideReport } from '../../compare/report.ts'
import { pathOf } from '../../core/state-path.ts'
import { formatCost } from '../model-totals.ts'
import { sideChanges, trajectoryTable } from './trajectory.ts'
import { trialsSection } from './trials.ts'
import { caseAnchor, esc, foldText, foldValue } from './values.ts'

/** A case whose trials disagree on a side (set only when it ran several trials). */
export function isFlaky(item: CaseReport): boolean {
  return item.flaky === true
}

/** A case touches a critical expectation when one failed on either side. */
export function isCritical(item: CaseReport): boolean {
  return (
    item.classification === 'NEW_CRITICAL_FAILURE' ||
    item.changes.some((change) => change.critical) ||
    [...item.baseline.failed, ...item.candidate.failed].some((failed) => failed.critical)
  )
}

function outcome(side: SideReport): string {
  if (!side.finished) return `did not finish${side.error ? ` (${esc(side.error.kind)})` : ''}`
  return esc(side.outcome ?? 'none')
}

function verified(side: SideReport): string {
  if (!side.verified) return '<span class="muted">not recorded</span>'
  const { status, reason } = side.verified
  return `<b class="v-${esc(status)}">${esc(status)}</b> <span class="muted">${foldText(reason)}</span>`
}

function tokens(side: SideReport): string {
  const t = side.metrics.tokens
  return t ? `${t.input} in / ${t.output} out` : '—'
}

function llm(side: SideReport): string {
  const names = side.models?.names.join(', ')
  return `${esc(side.llm ?? 'n/a')}${names ? ` <span class="muted">${esc(names)}</span>` : ''}`
}

function verdictTable(item: CaseReport): string {
  const row = (label: string, cell: (side: SideReport) => string) =>
    `<tr><th>${label}</th><td>${cell(item.baseline)}</td><td>${cell(item.candidate)}</td></tr>`
  return `<table class="verdict"><thead><tr><th></th><th>baseline</th><th>candidate</th></tr></thead><tbody>${[
    row('claimed outcome', outcome),
    row('verified outcome', verified),
    row('tool calls', (side) => String(side.metrics.toolCalls)),
    row('retries', (side) => String(side.retries.total)),
    row('latency', (side) => `${Math.round(side.metrics.latencyMs)} ms`),
    row('tokens', tokens),
    row('llm', llm),
    ...(item.baseline.models?.costUsd !== undefined || item.candidate.models?.costUsd !== undefined
      ? [row('cost', (side) => esc(formatCost(side.models?.costUsd)))]
      : []),
  ].join('')}</tbody></table>`
}

function expectationTable(item: CaseReport): string {
  if (item.changes.length === 0)
    return '<p class="muted">Every expectation passed on both sides.</p>'
  const messages = new Map(item.candidate.failed.map((failed) => [failed.id, failed.message]))
  const baseMessages = new Map(item.baseline.failed.map((failed) => [failed.id, failed.message]))
  const rows = item.changes.map((change) => {
    const message = messages.get(change.id) ?? baseMessages.get(change.id) ?? ''
    return `<tr class="ch-${esc(change.change)}"><td><code>${esc(change.id)}</code>${change.critical ? ' <span class="badge critical">critical</span>' : ''}</td><td>${esc(change.type)}</td><td>${esc(change.baseline ?? '—')} → <b>${esc(change.candidate ?? '—')}</b></td><td>${esc(change.change)}</td><td>${foldText(message)}</td></tr>`
  })
  return `<table class="expectations"><thead><tr><th>expectation</th><th>type</th><th>baseline → candidate</th><th>change</th><th>evidence</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function finalState(item: CaseReport): string {
  if (!item.state) return ''
  const at = (root: unknown, path: string) => {
    let value = root as Record<string, unknown> | undefined
    // The report keeps paths as text; the one parser reads them back, quoted keys included.
    for (const key of pathOf(path)) value = value?.[key] as Record<string, unknown> | undefined
    return value as Parameters<typeof foldValue>[0]
  }
  const rows = item.state.changedPaths.map(
    (path) =>
      `<tr><td><code class="path">${esc(path)}</code></td><td>${foldValue(at(item.state!.baseline, path))}</td><td>${foldValue(at(item.state!.candidate, path))}</td></tr>`,
  )
  return `<h4>Final states differ</h4><table class="final"><thead><tr><th>path</th><th>baseline</th><th>candidate</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/** One case of one pair: verdict, lanes, state changes and expectations, under its deep link. */
export function caseSection(pair: PairReport, item: CaseReport): string {
  const id = caseAnchor(item.scenario.id, pair.candidate.version, pair.baseline.version)
  const open = item.classification !== 'UNCHANGED' ? ' open' : ''
  return `<details class="case" id="${esc(id)}" data-class="${esc(item.classification)}" data-critical="${isCritical(item)}" data-flaky="${isFlaky(item)}"${open}>
<summary><span class="pill k-${esc(item.classification)}">${esc(item.classification)}</span> <b>${esc(item.scenario.title)}</b> <code>${esc(item.scenario.id)}</code> · ${esc(pair.candidate.version)} vs ${esc(pair.baseline.version)} <a class="link" href="#${esc(id)}" title="link to this case">#</a></summary>
<div class="body">
<p class="reason">${esc(item.reason)}</p>
${trialsSection(item)}${item.divergence ? `<p class="divergence"><b>Step ${item.divergence.step}:</b> ${esc(item.divergence.sentence)}</p>` : '<p class="muted">The trajectories match to the end.</p>'}
<div class="verdict-box">${verdictTable(item)}</div><h4>Expectations</h4>${expectationTable(item)}
<h4>Trajectories</h4>
${trajectoryTable(item)}
<div class="grid"><div><h4>State changes, baseline</h4>${sideChanges(item.trajectories?.baseline)}</div><div><h4>State changes, candidate</h4>${sideChanges(item.trajectories?.candidate)}</div></div>
${finalState(item)}
</div>
</details>`
}
