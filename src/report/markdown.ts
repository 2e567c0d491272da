import { CASE_CLASSES } from '../compare/classify.ts'
import type { GateVerdict } from '../compare/gate.ts'
import {
  type CaseReport,
  type ComparisonReport,
  type PairReport,
  projectWords,
  type RunError,
  type SideReport,
  type SingleCaseReport,
} from '../compare/report.ts'
import { formatP, rateChange } from '../compare/trials/words.ts'
import { formatCost, modelTotals } from './model-totals.ts'
import { apartWords, securityTrialLines, singleAttackRates, singleAttackWords } from './security.ts'
import {
  refusalWords,
  runErrorGroups,
  runErrorTitle,
  sideEvidenceWords,
  singleCaseTitle,
  singleCountWords,
} from './single-cases.ts'
import {
  caseRateWords,
  flakyWords,
  sequentialTotals,
  sequentialWords,
  trialsUsedWords,
} from './trials.ts'

const GATE_ICON = { PASS: '✅', WARN: '⚠️', BLOCK: '⛔' } as const

/** Table cells must not break the row: pipes are escaped, line breaks become spaces. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')
}

/** Why a side did not finish, with its cause (a refusal, a cassette miss, a timeout...). */
function unfinished(side: SideReport): string {
  return `did not finish (${side.error ? `${side.error.kind}: ${side.error.message}` : 'no result'})`
}

function failedOnCandidate(item: CaseReport): string {
  const failed = item.candidate.failed.map(
    (f) => `${f.id} (${f.label}${f.critical ? ', critical' : ''})`,
  )
  const words = failed.length > 0 ? failed.join(', ') : 'none'
  // An incomplete case says why: the cause is what a reader must fix.
  const causes = [
    ...(item.candidate.finished ? [] : [`candidate ${unfinished(item.candidate)}`]),
    ...(item.baseline.finished ? [] : [`baseline ${unfinished(item.baseline)}`]),
  ]
  return causes.length === 0 ? words : `${words}; ${causes.join('; ')}`
}

/** The cases run on one version: verdict, why, and the evidence beside it. */
function singleCasesSection(cases: readonly SingleCaseReport[]): string[] {
  if (cases.length === 0) return []
  return [
    `### Cases on one version: ${singleCountWords(cases)}`,
    '',
    '| case | verdict | why | evidence |',
    '| --- | --- | --- | --- |',
    ...cases.map((item) => {
      const refused = (item.side.refused ?? []).map((r) => `refused ${refusalWords(r)}`)
      const evidence = [sideEvidenceWords(item.side), ...refused].join('; ')
      return `| ${cell(singleCaseTitle(item))} | ${item.verdict} | ${cell(item.reason)} | ${cell(evidence)} |`
    }),
    '',
    ...attackRateLines(cases),
  ]
}

/** Per case under attack with trials on one version: attack success and utility held, with intervals. */
function attackRateLines(cases: readonly SingleCaseReport[]): string[] {
  const rates = singleAttackRates(cases)
  if (rates.length === 0) return []
  return [
    'Under attack over trials (Wilson 95 %):',
    '',
    ...rates.map((rate) => `- ${cell(singleAttackWords(rate))}`),
    '',
  ]
}

/** What was not judged, then failed tests written by hand: each blocks the gate. */
function runErrorsSection(errors: readonly RunError[]): string[] {
  return runErrorGroups(errors).flatMap((group) => [
    `### ⛔ ${group.heading}`,
    '',
    ...group.errors.flatMap((error) => [
      `- **${cell(runErrorTitle(error))}**`,
      '',
      '  ```text',
      ...error.message.split('\n').map((line) => `  ${line.replace(/```/g, "'''")}`),
      '  ```',
      '',
    ]),
  ])
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

/** Model evidence per side, when a model was in the loop: beside the verdict, never in it. */
function modelRows(pair: PairReport): string[] {
  const models = modelTotals(pair)
  if (!models) return []
  const { baseline: b, candidate: n } = models
  return [
    `| llm | ${b.llm} | ${n.llm} |`,
    `| tokens | ${b.tokens} | ${n.tokens} |`,
    `| cost | ${formatCost(b.costUsd)} | ${formatCost(n.costUsd)} |`,
  ]
}

function pairSection(pair: PairReport, declared: GateVerdict | undefined): string[] {
  const { baseline, candidate, gate } = pair
  const lines = [
    `### ${GATE_ICON[gate.verdict]} ${cell(candidate.agent)} ${cell(candidate.version)} vs ${cell(baseline.agent)} ${cell(baseline.version)}${cell(projectWords(pair.project))}: ${gateWords(gate.verdict, declared)}`,
    '',
    `| | baseline ${cell(baseline.version)} | candidate ${cell(candidate.version)} |`,
    '| --- | ---: | ---: |',
    `| tool calls | ${pair.toolCalls.baseline} | ${pair.toolCalls.candidate} |`,
    ...modelRows(pair),
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
        const divergence = [
          item.divergence
            ? `step ${item.divergence.step} (${item.divergence.kind}): ${item.divergence.sentence}`
            : 'none',
          ...(item.userTurns ? [item.userTurns.sentence] : []),
        ].join(' ')
        return `| \`${cell(item.scenario.id)}\` | ${item.classification} | ${cell(divergence)} | ${cell(failedOnCandidate(item))} |`
      }),
      '',
    )
  }
  lines.push(...securityList(pair))
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

/**
 * Per case under attack: utility and security apart on each side, and on a
 * side the attack succeeded, the record that reached its goal (the failure's own words).
 */
function securityList(pair: PairReport): string[] {
  const cases = pair.cases.filter((item) => item.baseline.apart || item.candidate.apart)
  if (cases.length === 0) return []
  const side = (name: 'baseline' | 'candidate', report: SideReport) =>
    `${name} ${apartWords(report) || 'under no attack'}`
  const lines = cases.flatMap((item) => {
    const head = `- \`${cell(item.scenario.id)}\`: ${side('baseline', item.baseline)}; ${side('candidate', item.candidate)}`
    const reached = (['baseline', 'candidate'] as const).flatMap((name) =>
      item[name].failed
        .filter((failed) => failed.type === 'attackerGoal')
        .map((failed) => `  - ${name}: ${cell(failed.message)}`),
    )
    const rates = item.trials
      ? securityTrialLines(item.trials).map((line) => `  - ${cell(line)}`)
      : []
    return [head, ...reached, ...rates]
  })
  return ['Utility and security, apart:', '', ...lines, '']
}

/** Per case that ran several trials: rates, pass^k and the p-values of what moved. */
function trialsTable(pair: PairReport): string[] {
  const cases = pair.cases.filter((item) => item.trials)
  if (cases.length === 0) return []
  const totals = sequentialTotals(cases)
  const bullets = cases.flatMap((item) => {
    const t = item.trials!
    const id = `- \`${cell(item.scenario.id)}\`: `
    return [
      ...(t.sequential ? [`${id}${cell(sequentialWords(t.sequential))}`] : []),
      ...t.notes.map((note) => `${id}${cell(note)}`),
    ]
  })
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
      return `| \`${cell(item.scenario.id)}\` | ${item.classification}${flaky ? ` ${flaky}` : ''} | ${t.sequential ? cell(trialsUsedWords(t)) : t.k} | ${cell(caseRateWords(t))} | ${cell(moved.join('; ') || 'none')} | ${cell(t.representative.reason)} |`
    }),
    '',
    ...(totals ? [`${cell(totals)[0]!.toUpperCase()}${cell(totals).slice(1)}.`, ''] : []),
    ...bullets,
    ...(bullets.length > 0 ? [''] : []),
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
  const singles = report.singleCases ?? []
  const errors = report.runErrors ?? []
  if (report.pairs.length === 0) lines.push('No pair was compared.', '')
  report.pairs.forEach((pair, index) => {
    lines.push(...pairSection(pair, declared[index]))
  })
  lines.push(...singleCasesSection(singles), ...runErrorsSection(errors))
  if (report.pairs.length > 1 || singles.length > 0 || errors.length > 0) {
    // The overall gate was declared when every pair that reached it was.
    // Only pairs declare gates: a gate that run errors or one-version cases reached was not declared.
    const asDeclared =
      errors.length === 0 &&
      singles.every((item) => item.verdict === 'PASS') &&
      report.pairs.every(
        (pair, index) =>
          pair.gate.verdict !== report.gate.verdict || declared[index] === pair.gate.verdict,
      )
    const note = asDeclared && report.gate.verdict !== 'PASS' ? ', as declared' : ''
    lines.push(`**Overall gate: ${report.gate.verdict}${note}**`, '')
  }
  return `${lines.join('\n').trimEnd()}\n`
}
