import type { CaseReport } from '../../compare/report.ts'
import type { CallStep, Step } from '../../compare/steps.ts'
import type { StateChange } from '../../core/call-record.ts'
import { compact, esc, foldValue } from './values.ts'

function args(step: CallStep): string {
  const entries = Object.entries(step.args)
  if (entries.length === 0) return ''
  return entries
    .map(([key, value]) => `<span class="arg"><b>${esc(key)}</b>=${foldValue(value)}</span>`)
    .join(' ')
}

/** `path: before → after`, both values folded when long. */
export function changeLine(change: StateChange): string {
  return `<li><code class="path">${esc(change.path)}</code> ${foldValue(change.before)} → ${foldValue(change.after)}</li>`
}

function badges(step: CallStep): string {
  const out: string[] = []
  if (step.fault) {
    const title = `dependency ${compact(step.fault.dependency)}, caller ${compact(step.fault.caller)}`
    out.push(
      `<span class="badge fault" title="${esc(title)}">fault: ${esc(step.fault.type)}</span>`,
    )
  }
  if (step.effect.replay) out.push('<span class="badge replay">replay</span>')
  if (step.policy) {
    const text = step.policy.kind === 'handoff' ? 'handoff' : `rejected ${step.policy.status}`
    out.push(`<span class="badge policy">${esc(text)}</span>`)
  }
  if (step.effect.deferred) {
    const text = step.effect.deferred.committed ? 'deferred, committed' : 'deferred, not committed'
    out.push(`<span class="badge deferred">${text}</span>`)
  }
  return out.join(' ')
}

function callCell(step: CallStep): string {
  const status = step.status === null ? 'no response' : String(step.status)
  const changes = step.effect.changes.map(changeLine).join('')
  const deferred = step.effect.deferred?.changes.map(changeLine).join('') ?? ''
  return [
    `<div class="call"><code class="tool">${esc(step.tool)}</code>(${args(step)})`,
    ` <span class="status s-${esc(step.result)}">${esc(status)}</span> ${badges(step)}</div>`,
    changes ? `<ul class="changes">${changes}</ul>` : '',
    deferred ? `<ul class="changes deferred">${deferred}</ul>` : '',
  ].join('')
}

function stepCell(step: Step | undefined, side: string): string {
  if (!step) return `<td class="lane ${side} empty">—</td>`
  if (step.kind === 'call') return `<td class="lane ${side}">${callCell(step)}</td>`
  const text = step.finished
    ? `outcome: <b>${esc(step.outcome ?? 'none')}</b>`
    : `did not finish${step.error ? `: ${esc(step.error.kind)}: ${esc(step.error.message)}` : ''}`
  return `<td class="lane ${side} outcome">${text}</td>`
}

/**
 * Both trajectories side by side, one row per position as the lockstep diff
 * walks them; the row of the first divergence is marked and carries its sentence.
 */
export function trajectoryTable(item: CaseReport): string {
  const trajectories = item.trajectories
  if (!trajectories) return '<p class="muted">This report carries no trajectories.</p>'
  const length = Math.max(trajectories.baseline.length, trajectories.candidate.length)
  const rows: string[] = []
  for (let index = 0; index < length; index++) {
    const step = index + 1
    const diverges = item.divergence?.step === step
    rows.push(
      `<tr class="${diverges ? 'diverge' : ''}" data-step="${step}"><th class="num">${step}</th>${stepCell(trajectories.baseline[index], 'baseline')}${stepCell(trajectories.candidate[index], 'candidate')}</tr>`,
    )
    if (diverges && item.divergence) {
      rows.push(
        `<tr class="diverge-note"><td></td><td colspan="2"><b>First divergence (${esc(item.divergence.kind)}).</b> ${esc(item.divergence.sentence)} <span class="muted">${esc(item.divergence.detail)}</span></td></tr>`,
      )
    }
  }
  return `<table class="lanes"><colgroup><col class="c-num"><col><col></colgroup><thead><tr><th>#</th><th>baseline</th><th>candidate</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/** Every state change one side made, in call order, from its trajectory. */
export function sideChanges(steps: readonly Step[] | undefined): string {
  const calls = (steps ?? []).filter((step): step is CallStep => step.kind === 'call')
  const items = calls.flatMap((step) =>
    step.effect.changes.map(
      (change) =>
        `<li><span class="muted">#${step.step} ${esc(step.tool)}</span> <code class="path">${esc(change.path)}</code> ${foldValue(change.before)} → ${foldValue(change.after)}</li>`,
    ),
  )
  return items.length > 0
    ? `<ul class="changes">${items.join('')}</ul>`
    : '<p class="muted">no state change</p>'
}
