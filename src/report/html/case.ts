import {
  type CaseReport,
  type PairReport,
  projectWords,
  type SideReport,
} from '../../compare/report.ts'
import { pathOf } from '../../core/state-path.ts'
import { claimVerdict } from '../claim-verdict.ts'
import { formatCost } from '../model-totals.ts'
import { tallyWords } from '../security.ts'
import { html, type SafeHtml } from './safe-html.ts'
import { sideChanges, trajectoryTable } from './trajectory.ts'
import { trialsSection } from './trials.ts'
import { caseAnchor, foldText, foldValue } from './values.ts'

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

function outcome(side: SideReport): SafeHtml {
  if (!side.finished) return html`did not finish${side.error ? html` (${side.error.kind})` : ''}`
  return html`${side.outcome ?? 'none'}`
}

// The words and colour of the claim verdict, never the bare verified status:
// a FAILURE claim with nothing done is not a green SUCCESS.
function verified(side: SideReport): SafeHtml {
  const verdict = claimVerdict(side)
  if (!verdict) return html`<span class="muted">not recorded</span>`
  return html`<b class="v-${verdict.standing}">${verdict.words}</b> <span class="muted">${foldText(verdict.reason)}</span>`
}

function tokens(side: SideReport): SafeHtml {
  const t = side.metrics.tokens
  return t ? html`${t.input} in / ${t.output} out` : html`—`
}

function llm(side: SideReport): SafeHtml {
  const names = side.models?.names.join(', ')
  return html`${side.llm ?? 'n/a'}${names ? html` <span class="muted">${names}</span>` : ''}`
}

// Utility and security stay apart: the user's task on one row, the attacker's goal on the other.
function apartRows(item: CaseReport): SafeHtml[] {
  if (!item.baseline.apart && !item.candidate.apart) return []
  const row = (which: 'utility' | 'security', label: string) =>
    html`<tr class="apart-${which}"><th>${label}</th><td>${tallyWords(item.baseline, which)}</td><td>${tallyWords(item.candidate, which)}</td></tr>`
  return [
    row('utility', 'utility (the user’s expectations)'),
    row('security', 'security (the attacker’s goal did not happen)'),
  ]
}

function verdictTable(item: CaseReport): SafeHtml {
  const row = (label: string, cell: (side: SideReport) => SafeHtml | string | number) =>
    html`<tr><th>${label}</th><td>${cell(item.baseline)}</td><td>${cell(item.candidate)}</td></tr>`
  const cost =
    item.baseline.models?.costUsd !== undefined || item.candidate.models?.costUsd !== undefined
  return html`<table class="verdict"><thead><tr><th></th><th>baseline</th><th>candidate</th></tr></thead><tbody>${[
    row('claimed outcome', outcome),
    row('verified outcome', verified),
    ...apartRows(item),
    row('tool calls', (side) => side.metrics.toolCalls),
    row('retries', (side) => side.retries.total),
    row('latency', (side) => `${Math.round(side.metrics.latencyMs)} ms`),
    row('tokens', tokens),
    row('llm', llm),
    ...(cost ? [row('cost', (side) => formatCost(side.models?.costUsd))] : []),
  ]}</tbody></table>`
}

function expectationTable(item: CaseReport): SafeHtml {
  if (item.changes.length === 0)
    return html`<p class="muted">Every expectation passed on both sides.</p>`
  const failed = (id: string) =>
    item.candidate.failed.find((one) => one.id === id) ??
    item.baseline.failed.find((one) => one.id === id)
  const rows = item.changes.map((change) => {
    const found = failed(change.id)
    const message = found?.message ?? ''
    const turn =
      found?.turn === undefined ? '' : html` <span class="badge turn">turn ${found.turn}</span>`
    return html`<tr class="ch-${change.change}"><td><code>${change.id}</code>${change.critical ? html` <span class="badge critical">critical</span>` : ''}${turn}</td><td>${change.type}</td><td>${change.baseline ?? '—'} → <b>${change.candidate ?? '—'}</b></td><td>${change.change}</td><td>${foldText(message)}</td></tr>`
  })
  return html`<table class="expectations"><thead><tr><th>expectation</th><th>type</th><th>baseline → candidate</th><th>change</th><th>evidence</th></tr></thead><tbody>${rows}</tbody></table>`
}

function finalState(item: CaseReport): SafeHtml {
  const state = item.state
  if (!state) return html``
  const at = (root: unknown, path: string) => {
    let value = root
    // The report keeps paths as text; the one parser reads them back, quoted keys included.
    // Own keys only: `toString` names no value of the state.
    for (const key of pathOf(path)) {
      value =
        value !== null && typeof value === 'object' && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined
    }
    return value as Parameters<typeof foldValue>[0]
  }
  const rows = state.changedPaths.map(
    (path) =>
      html`<tr><td><code class="path">${path}</code></td><td>${foldValue(at(state.baseline, path))}</td><td>${foldValue(at(state.candidate, path))}</td></tr>`,
  )
  return html`<h4>Final states differ</h4><table class="final"><thead><tr><th>path</th><th>baseline</th><th>candidate</th></tr></thead><tbody>${rows}</tbody></table>`
}

/** One case of one pair: verdict, lanes, state changes and expectations, under its deep link. */
export function caseSection(pair: PairReport, item: CaseReport): SafeHtml {
  const id = caseAnchor(item.scenario.id, pair)
  const open = item.classification !== 'UNCHANGED'
  return html`<details class="case" id="${id}" data-class="${item.classification}" data-critical="${isCritical(item)}" data-flaky="${isFlaky(item)}"${open ? html` open` : ''}>
<summary><span class="pill k-${item.classification}">${item.classification}</span> <b>${item.scenario.title}</b> <code>${item.scenario.id}</code> · ${pair.candidate.version} vs ${pair.baseline.version}${projectWords(pair.project)} <a class="link" href="#${id}" title="link to this case">#</a></summary>
<div class="body">
<p class="reason">${item.reason}</p>
${trialsSection(item)}${item.divergence ? html`<p class="divergence"><b>Step ${item.divergence.step}:</b> ${item.divergence.sentence}</p>` : html`<p class="muted">The trajectories match to the end.</p>`}${item.userTurns ? html`<p class="user-turns"><b>Simulated user:</b> ${item.userTurns.sentence}</p>` : ''}
<div class="verdict-box">${verdictTable(item)}</div><h4>Expectations</h4>${expectationTable(item)}
<h4>Trajectories</h4>
${trajectoryTable(item)}
<div class="grid"><div><h4>State changes, baseline</h4>${sideChanges(item.trajectories?.baseline)}</div><div><h4>State changes, candidate</h4>${sideChanges(item.trajectories?.candidate)}</div></div>
${finalState(item)}
</div>
</details>`
}
