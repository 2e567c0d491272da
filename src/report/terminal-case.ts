import type { ExpectationChange } from '../compare/classify.ts'
import type { CaseReport, ReportedExpectation, SideReport } from '../compare/report.ts'
import type { Step } from '../compare/steps.ts'
import { canonicalJson } from '../core/canonical-json.ts'
import { type Colors, paintClass } from './palette.ts'
import { tallyWords } from './security.ts'
import { stateDiffLines } from './state-diff.ts'
import { renderStep } from './trajectory.ts'
import { trialLines } from './trials.ts'

const EVIDENCE_WIDTH = 160

function evidenceLine(item: ReportedExpectation): string {
  const text = canonicalJson(item.evidence)
  return text.length > EVIDENCE_WIDTH ? `${text.slice(0, EVIDENCE_WIDTH - 1)}…` : text
}

function overrideLine(item: ReportedExpectation): string | undefined {
  const o = item.override
  if (!o) return undefined
  const counted = o.applied
    ? 'applied'
    : 'not applied: a deterministic critical check of this case does not pass'
  return `override ${o.originalLabel} → ${o.label} by ${o.reviewer} (${counted}): ${o.note}`
}

function expectationLines(c: Colors, item: CaseReport, change: ExpectationChange): string[] {
  const mark =
    change.change === 'improved'
      ? c.green('✓')
      : change.change === 'unknown'
        ? c.yellow('?')
        : c.red('✗')
  const critical = change.critical ? ` ${c.bold('critical')}` : ''
  const labels = `${change.baseline ?? 'missing'} → ${change.candidate ?? 'missing'}`
  const turns = [item.baseline, item.candidate].flatMap(
    (side) => side.failed.find((failed) => failed.id === change.id)?.turn ?? [],
  )
  const at = turns.length > 0 ? ` at turn ${[...new Set(turns)].join(' / ')}` : ''
  const lines = [
    `    ${mark} ${change.id}${critical}${at} ${labels} ${c.dim(`(${change.change})`)}`,
  ]
  const cite = (side: 'baseline' | 'candidate') => {
    const found = item[side].failed.find((failed) => failed.id === change.id)
    if (!found) return
    lines.push(`      ${c.dim(`${side}:`)} ${found.message}`)
    if (found.evidence !== null)
      lines.push(`      ${c.dim('evidence')} ${c.dim(evidenceLine(found))}`)
    const override = overrideLine(found)
    if (override) lines.push(`      ${c.dim(override)}`)
  }
  cite('baseline')
  cite('candidate')
  return lines
}

function retriesOf(side: SideReport): string {
  const tools = Object.entries(side.retries.byTool).filter(([, count]) => count > 0)
  const list = tools.map(([tool, count]) => `${tool} ${count}`).join(', ')
  return tools.length > 0 ? `${side.retries.total} (${list})` : String(side.retries.total)
}

function llmOf(side: SideReport): string {
  const llm = side.llm ?? 'n/a'
  if (!side.models) return llm
  const cost = side.models.costUsd === undefined ? '' : `, $${side.models.costUsd}`
  return `${llm} (${side.models.names.join(', ') || 'model n/a'}${cost})`
}

function tokensOf(side: SideReport): string {
  const tokens = side.metrics.tokens
  return tokens ? String(tokens.input + tokens.output) : 'n/a'
}

function sideLine(label: string, side: SideReport): string {
  if (side.finished) return `${label} reported ${side.outcome ?? 'nothing'}`
  return `${label} did not finish (${side.error?.kind ?? 'no result'}${side.error ? `: ${side.error.message}` : ''})`
}

/**
 * A conversation's trajectories, user turns between the calls, side by side
 * in turn: only for a case with turns, so one-turn cases print as before.
 */
function conversationLines(c: Colors, item: CaseReport): string[] {
  const trajectories = item.trajectories
  if (!trajectories) return []
  const hasTurns = (steps: readonly Step[]) => steps.some((step) => step.kind === 'turn')
  if (!hasTurns(trajectories.baseline) && !hasTurns(trajectories.candidate)) return []
  const lines = [`  ${c.bold('Conversation')} ${c.dim('(user turns between the calls)')}`]
  for (const side of ['baseline', 'candidate'] as const) {
    lines.push(`    ${c.dim(`${side}:`)}`)
    for (const step of trajectories[side]) {
      const line = `      ${renderStep(step)}`
      lines.push(step.kind === 'turn' ? c.bold(line) : line)
    }
  }
  return lines
}

/** The block of one case that is not unchanged. */
export function renderCase(c: Colors, item: CaseReport): string[] {
  const { id, version, title } = item.scenario
  const lines = [
    `${paintClass(c, item.classification)} ${c.bold(id)} ${c.dim(`v${version} ${title}`)}`,
  ]
  lines.push(`  ${item.reason}`)
  const trials = trialLines(item)
  if (trials.length > 0) {
    lines.push(`  ${c.bold('Trials')} ${trials[0]}`)
    for (const line of trials.slice(1)) lines.push(`    ${line}`)
  }
  lines.push(`  ${sideLine('baseline', item.baseline)}; ${sideLine('candidate', item.candidate)}`)
  if (item.baseline.apart || item.candidate.apart) {
    lines.push(
      `  ${c.bold('Utility')} ${tallyWords(item.baseline, 'utility')} → ${tallyWords(item.candidate, 'utility')}; ${c.bold('Security')} ${tallyWords(item.baseline, 'security')} → ${tallyWords(item.candidate, 'security')}`,
    )
  }
  if (item.divergence) {
    const { step, kind, sentence, detail } = item.divergence
    const which = item.trials
      ? `, trial ${item.trials.representative.trial} of ${item.trials.k}`
      : ''
    lines.push(`  ${c.bold('First divergence')} at step ${step} (${kind})${which}`)
    lines.push(`    ${sentence}`, `    ${detail}`)
  } else {
    lines.push(`  ${c.bold('First divergence')} none: the trajectories match step for step`)
  }
  // Whose difference a simulated user's turn is: the agent's, or the simulator's.
  if (item.userTurns) lines.push(`  ${c.bold('Simulated user:')} ${item.userTurns.sentence}`)
  lines.push(...conversationLines(c, item))
  if (item.changes.length > 0) {
    lines.push(`  ${c.bold('Expectations')} ${c.dim('(baseline → candidate)')}`)
    for (const change of item.changes) lines.push(...expectationLines(c, item, change))
  }
  if (item.baseline.retries.total > 0 || item.candidate.retries.total > 0) {
    lines.push(
      `  ${c.bold('Retries')} baseline ${retriesOf(item.baseline)}, candidate ${retriesOf(item.candidate)}`,
    )
  }
  const m = [item.baseline.metrics, item.candidate.metrics] as const
  lines.push(
    `  ${c.bold('Metrics')} ${c.dim('(not part of the verdict)')} latency ${m[0].latencyMs} ms → ${m[1].latencyMs} ms, tool calls ${m[0].toolCalls} → ${m[1].toolCalls}, tokens ${tokensOf(item.baseline)} → ${tokensOf(item.candidate)}, llm ${llmOf(item.baseline)} → ${llmOf(item.candidate)}`,
  )
  if (item.state) {
    lines.push(`  ${c.bold('Final state')} ${c.dim('(- baseline, + candidate)')}`)
    for (const line of stateDiffLines(item.state.baseline, item.state.candidate)) {
      const paint = line.kind === 'removed' ? c.red : line.kind === 'added' ? c.green : c.dim
      lines.push(`    ${paint(line.text)}`)
    }
  }
  return lines
}
