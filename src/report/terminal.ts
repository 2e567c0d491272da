import { CASE_CLASSES } from '../compare/classify.ts'
import { type ComparisonReport, type PairReport, projectWords } from '../compare/report.ts'
import { formatCost, modelTotals } from './model-totals.ts'
import { type Colors, paintClass, paintGate, palette } from './palette.ts'
import { renderCase } from './terminal-case.ts'
import { renderRunErrors, renderSingleCases } from './terminal-singles.ts'
import { isListed, sequentialTotals, unchangedLine } from './trials.ts'

const LABEL_WIDTH = 22

function pairTitle(pair: PairReport): string {
  const { baseline, candidate } = pair
  return `${candidate.agent} ${candidate.version} (candidate) vs ${baseline.agent} ${baseline.version} (baseline)${projectWords(pair.project)}`
}

function summary(c: Colors, pair: PairReport): string[] {
  const left = `baseline ${pair.baseline.version}`
  const right = `candidate ${pair.candidate.version}`
  const width = Math.max(left.length, right.length, 6)
  const row = (label: string, a: string, b: string) =>
    `  ${label.padEnd(LABEL_WIDTH)}${a.padStart(width)}  ${b.padStart(width)}`
  const lines = [
    c.bold(`Comparison: ${pairTitle(pair)}`),
    c.dim(row('', left, right)),
    row('tool calls', String(pair.toolCalls.baseline), String(pair.toolCalls.candidate)),
  ]
  const models = modelTotals(pair)
  if (models) {
    const { baseline: b, candidate: n } = models
    lines.push(
      row('llm', b.llm, n.llm),
      row('tokens', String(b.tokens), String(n.tokens)),
      row('cost', formatCost(b.costUsd), formatCost(n.costUsd)),
    )
  }
  lines.push('')
  for (const name of CASE_CLASSES) {
    const count = pair.counts[name]
    const label = count > 0 ? paintClass(c, name) : c.dim(name)
    lines.push(`  ${label}${' '.repeat(LABEL_WIDTH - name.length)}${count}`)
  }
  const reasons = pair.gate.reasons.length > 0 ? `: ${pair.gate.reasons.join(', ')}` : ''
  lines.push('', `  Gate ${paintGate(c, pair.gate.verdict)}${reasons}`)
  return lines
}

/**
 * The comparison for a terminal: per pair a side-by-side summary (tool calls
 * per side, cases per class, gate), one line per UNCHANGED case over trials
 * with its rates, then every case that is not UNCHANGED with its first
 * divergence, expectations and evidence, retries, metrics and final-state
 * difference; then the cases run on one version, what was not judged (files
 * that did not load, errors outside a test) and the overall gate. Pure: no
 * Vitest, no environment reads.
 * @example
 * process.stdout.write(renderTerminal(report, { color: terminalColor() }))
 */
export function renderTerminal(report: ComparisonReport, options: { color: boolean }): string {
  const c = palette(options.color)
  const blocks: string[] = []
  for (const pair of report.pairs) {
    const lines = summary(c, pair)
    const totals = sequentialTotals(pair.cases)
    if (totals) lines.push(`  ${totals[0]!.toUpperCase()}${totals.slice(1)}`)
    const unchanged = pair.cases.filter(
      (item) => item.classification === 'UNCHANGED' && item.trials,
    )
    if (unchanged.length > 0) {
      lines.push(
        '',
        `  ${c.bold('Unchanged over trials')} ${c.dim('(details in the HTML and JSON reports)')}`,
      )
      for (const item of unchanged)
        lines.push(`    ${paintClass(c, 'UNCHANGED')} ${unchangedLine(item)}`)
    }
    for (const item of pair.cases) {
      if (!isListed(item)) continue
      lines.push('', ...renderCase(c, item))
    }
    blocks.push(lines.join('\n'))
  }
  const singles = report.singleCases ?? []
  if (singles.length > 0) blocks.push(renderSingleCases(c, singles).join('\n'))
  if (report.runErrors) blocks.push(renderRunErrors(c, report.runErrors).join('\n'))
  if (report.pairs.length !== 1 || blocks.length > 1) {
    const reasons = report.gate.reasons.length > 0 ? `: ${report.gate.reasons.join('; ')}` : ''
    blocks.push(`Gate ${paintGate(c, report.gate.verdict)}${reasons}`)
  }
  return `${blocks.join('\n\n')}\n`
}
