import { CASE_CLASSES } from '../compare/classify.ts'
import type { GateVerdict } from '../compare/gate.ts'
import type { CaseReport, ComparisonReport, PairReport } from '../compare/report.ts'
import { formatP, rateChange } from '../compare/trials/words.ts'
import { caseRateWords, flakyWords } from './trials.ts'

const GATE_ICON = { PASS: '✅', WARN: '⚠️', BLOCK: '⛔' } as const

/** Table cells must not break the row: pipes are escaped, line breaks become spaces. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')
}

function failedOnCandidate(item: CaseReport): string {
  const failed = item.candidate.failed.map(
    (f) => `${f.id} (${f.label}${f.critical ? ', critical' : ''})`,
  )
  return failed.length > 0 ? failed.join(', ') : 'none'
}

/** Options of {@link renderMarkdown}. */
export interface MarkdownOptions {
  /** Per pair (same order as `report.pairs`), the gate it was declared to reach (`expectGate`). */
  declaredGates?: ReadonlyArray<GateVerdict | undefined>
}

function gateWords(verdict: GateVerdict, declared: GateVerdict | undefined): string {
  if (declared === undefined) return verdict
  return declared === verdict ? `${verdict}, as declared` : `${verdict}, declared ${declared}`
}

function pairSection(pair: PairReport, declared: GateVerdict | undefined): string[] {
  const { baseline, candidate, gate } = pair
  const lines = [
    `### ${GATE_ICON[gate.verdict]} ${cell(candidate.agent)} ${cell(candidate.version)} vs ${cell(baseline.agent)} ${cell(baseline.version)}: ${gateWords(gate.verdict, declared)}`,
    '',
    `| | baseline ${cell(baseline.version)} | candidate ${cell(candidate.version)} |`,
    '| --- | ---: | ---: |',
    `| tool calls | ${pair.toolCalls.baseline} | ${pair.toolCalls.candidate} |`,
    '',
    '| class | cases |',
    '| --- | ---: |',
    ...CASE_CLASSES.map((name) => `| ${name} | ${pair.counts[name]} |`),
    '',
  ]
  if (gate.reasons.length > 0)
    lines.push(`Gate ${gate.verdict}: ${cell(gate.reasons.join(', '))}`, '')
  const listed = pair.cases.filter((item) => item.classification !== 'UNCHANGED')
  if (listed.length > 0) {
    lines.push(
      '| scenario | class | first divergence | failed on the candidate |',
      '| --- | --- | --- | --- |',
      ...listed.map((item) => {
        const divergence = item.divergence
          ? `step ${item.divergence.step} (${item.divergence.kind}): ${item.divergence.sentence}`
          : 'none'
        return `| \`${cell(item.scenario.id)}\` | ${item.classification} | ${cell(divergence)} | ${cell(failedOnCandidate(item))} |`
      }),
      '',
    )
  }
  lines.push(...trialsTable(pair))
  const unchanged = pair.counts.UNCHANGED
  if (unchanged > 0) {
    lines.push(
      `${unchanged} unchanged ${unchanged === 1 ? 'case is' : 'cases are'} not listed.`,
      '',
    )
  }
  return lines
}

/** Per case that ran several trials: rates, pass^k and the p-values of what moved. */
function trialsTable(pair: PairReport): string[] {
  const cases = pair.cases.filter((item) => item.trials)
  if (cases.length === 0) return []
  return [
    '| scenario | class | trials | case passed | changes (p-value) | shown |',
    '| --- | --- | ---: | --- | --- | --- |',
    ...cases.map((item) => {
      const t = item.trials!
      const moved = t.expectations
        .filter((r) => r.direction !== 'same')
        .map(
          (r) =>
            `${r.id} ${rateChange(r)} (p = ${formatP(r.pValue)}${r.significant ? ', significant' : ''})`,
        )
      const flaky = flakyWords(t)
      return `| \`${cell(item.scenario.id)}\` | ${item.classification}${flaky ? ` ${flaky}` : ''} | ${t.k} | ${cell(caseRateWords(t))} | ${cell(moved.join('; ') || 'none')} | ${cell(t.representative.reason)} |`
    }),
    '',
    ...cases.flatMap((item) =>
      item.trials!.notes.map((note) => `- \`${cell(item.scenario.id)}\`: ${cell(note)}`),
    ),
    ...(cases.some((item) => item.trials!.notes.length > 0) ? [''] : []),
  ]
}

/**
 * The comparison as GitHub-flavoured Markdown for `GITHUB_STEP_SUMMARY`: per
 * pair the gate, tool calls per side, cases per class and a table of the
 * cases that are not unchanged. A gate declared with `expectGate` and reached
 * reads "BLOCK, as declared", so a green job's BLOCK is not taken for a failure.
 * @example
 * appendFileSync(process.env.GITHUB_STEP_SUMMARY!, renderMarkdown(report))
 */
export function renderMarkdown(report: ComparisonReport, options: MarkdownOptions = {}): string {
  const declared = options.declaredGates ?? []
  const lines = ['## AgentTwin comparison', '']
  if (report.pairs.length === 0) lines.push('No pair was compared.', '')
  report.pairs.forEach((pair, index) => {
    lines.push(...pairSection(pair, declared[index]))
  })
  if (report.pairs.length > 1) {
    // The overall gate was declared when every pair that reached it was.
    const asDeclared = report.pairs.every(
      (pair, index) =>
        pair.gate.verdict !== report.gate.verdict || declared[index] === pair.gate.verdict,
    )
    const note = asDeclared && report.gate.verdict !== 'PASS' ? ', as declared' : ''
    lines.push(`**Overall gate: ${report.gate.verdict}${note}**`, '')
  }
  return `${lines.join('\n').trimEnd()}\n`
}
