import type { CaseReport, ReportedExpectation, SideReport } from '../../compare/report.ts'
import type { CallStep, Step, TurnStep } from '../../compare/steps.ts'
import type { StateChange } from '../../core/call-record.ts'
import { formatPath } from '../../core/state-path.ts'
import { html, joinHtml, type SafeHtml } from './safe-html.ts'
import { compact, foldText, foldValue } from './values.ts'

const SPACE = html` `
// As the terminal writes a call: `refund_payment(amount=40, order_id=ORD-1001)`.
const ARG_SEPARATOR = html`, `

function args(step: CallStep): SafeHtml {
  const entries = Object.entries(step.args)
  return joinHtml(
    entries.map(([key, value]) => html`<span class="arg"><b>${key}</b>=${foldValue(value)}</span>`),
    ARG_SEPARATOR,
  )
}

/** `path: before → after`, both values folded when long. */
export function changeLine(change: StateChange): SafeHtml {
  return html`<li><code class="path">${formatPath(change.path)}</code> ${foldValue(change.before)} → ${foldValue(change.after)}</li>`
}

function badges(step: CallStep): SafeHtml {
  const out: SafeHtml[] = []
  if (step.fault) {
    const title = `dependency ${compact(step.fault.dependency)}, caller ${compact(step.fault.caller)}`
    out.push(html`<span class="badge fault" title="${title}">fault: ${step.fault.type}</span>`)
  }
  if (step.effect.replay) out.push(html`<span class="badge replay">replay</span>`)
  if (step.policy) {
    const text = step.policy.kind === 'handoff' ? 'handoff' : `rejected ${step.policy.status}`
    out.push(html`<span class="badge policy">${text}</span>`)
  }
  if (step.effect.deferred) {
    const text = step.effect.deferred.committed ? 'deferred, committed' : 'deferred, not committed'
    out.push(html`<span class="badge deferred">${text}</span>`)
  }
  return joinHtml(out, SPACE)
}

function callCell(step: CallStep): SafeHtml {
  const status = step.status === null ? 'no response' : String(step.status)
  const changes = step.effect.changes.map(changeLine)
  const deferred = step.effect.deferred?.changes.map(changeLine) ?? []
  return html`<div class="call"><code class="tool">${step.tool}</code>(${args(step)}) <span class="status s-${step.result}">${status}</span> ${badges(step)}</div>${
    changes.length > 0 ? html`<ul class="changes">${changes}</ul>` : ''
  }${deferred.length > 0 ? html`<ul class="changes deferred">${deferred}</ul>` : ''}`
}

/** The expectations of one side that did not pass, located at a turn. */
type FailedAt = (turn: number) => ReportedExpectation[]

function failedAtOf(side: SideReport): FailedAt {
  return (turn) => side.failed.filter((failed) => failed.turn === turn)
}

// A turn opens with the user's message; the agent's reply closes it, and what
// did not pass by then is located here, at its turn.
function turnCell(step: TurnStep, failedAt: FailedAt): SafeHtml {
  const reply =
    step.reply === undefined
      ? html`<div class="reply muted">no reply: the turn did not finish</div>`
      : html`<div class="reply"><b>agent, end of turn:</b> ${foldText(step.reply)}</div>`
  const failed = failedAt(step.turn).map(
    (item) =>
      html`<li><code>${item.id}</code> <b>${item.label}</b> <span class="muted">${foldText(item.message)}</span></li>`,
  )
  return html`<div class="turn-head">Turn ${step.turn}</div><div class="user"><b>user:</b> ${foldText(step.user)}</div>${reply}${
    failed.length > 0 ? html`<ul class="turn-failed">${failed}</ul>` : ''
  }`
}

function stepCell(
  step: Step | undefined,
  side: 'baseline' | 'candidate',
  failedAt: FailedAt,
): SafeHtml {
  if (!step) return html`<td class="lane ${side} empty">—</td>`
  if (step.kind === 'call') return html`<td class="lane ${side}">${callCell(step)}</td>`
  if (step.kind === 'turn') {
    return html`<td class="lane ${side} turn">${turnCell(step, failedAt)}</td>`
  }
  const text = step.finished
    ? html`outcome: <b>${step.outcome ?? 'none'}</b>`
    : html`did not finish${step.error ? html`: ${step.error.kind}: ${step.error.message}` : ''}`
  return html`<td class="lane ${side} outcome">${text}</td>`
}

/**
 * Both trajectories side by side, one row per position as the lockstep diff
 * walks them; the row of the first divergence is marked and carries its sentence.
 */
export function trajectoryTable(item: CaseReport): SafeHtml {
  const trajectories = item.trajectories
  if (!trajectories) return html`<p class="muted">This report carries no trajectories.</p>`
  const length = Math.max(trajectories.baseline.length, trajectories.candidate.length)
  const rows: SafeHtml[] = []
  const failedAt = { baseline: failedAtOf(item.baseline), candidate: failedAtOf(item.candidate) }
  for (let index = 0; index < length; index++) {
    const step = index + 1
    const diverges = item.divergence?.step === step
    rows.push(
      html`<tr class="${diverges ? 'diverge' : ''}" data-step="${step}"><th class="num">${step}</th>${stepCell(trajectories.baseline[index], 'baseline', failedAt.baseline)}${stepCell(trajectories.candidate[index], 'candidate', failedAt.candidate)}</tr>`,
    )
    if (diverges && item.divergence) {
      rows.push(
        html`<tr class="diverge-note"><td></td><td colspan="2"><b>First divergence (${item.divergence.kind}).</b> ${item.divergence.sentence} <span class="muted">${item.divergence.detail}</span></td></tr>`,
      )
    }
  }
  return html`<table class="lanes"><colgroup><col class="c-num"><col><col></colgroup><thead><tr><th>#</th><th>baseline</th><th>candidate</th></tr></thead><tbody>${rows}</tbody></table>`
}

/** Every state change one side made, in call order, from its trajectory. */
export function sideChanges(steps: readonly Step[] | undefined): SafeHtml {
  const calls = (steps ?? []).filter((step): step is CallStep => step.kind === 'call')
  const items = calls.flatMap((step) =>
    step.effect.changes.map(
      (change) =>
        html`<li><span class="muted">#${step.step} ${step.tool}</span> <code class="path">${formatPath(change.path)}</code> ${foldValue(change.before)} → ${foldValue(change.after)}</li>`,
    ),
  )
  return items.length > 0
    ? html`<ul class="changes">${items}</ul>`
    : html`<p class="muted">no state change</p>`
}
