import type { RunError, SingleCaseReport } from '../compare/report.ts'
import type { Colors } from './palette.ts'
import { singleAttackRates, singleAttackWords } from './security.ts'
import {
  failedAtTurnWords,
  refusalWords,
  runErrorGroups,
  runErrorTitle,
  sideEvidenceWords,
  singleCaseTitle,
  singleCountWords,
} from './single-cases.ts'

function paintVerdict(c: Colors, verdict: SingleCaseReport['verdict']): string {
  if (verdict === 'FAIL') return c.red(verdict)
  if (verdict === 'INCOMPLETE') return c.yellow(verdict)
  return c.green(verdict)
}

/** Each case run on one version: verdict, why, and the evidence beside it (llm, tokens, refusals). */
export function renderSingleCases(c: Colors, cases: readonly SingleCaseReport[]): string[] {
  const lines = [c.bold(`Cases on one version: ${singleCountWords(cases)}`)]
  for (const item of cases) {
    lines.push(`  ${paintVerdict(c, item.verdict)} ${singleCaseTitle(item)}: ${item.reason}`)
    lines.push(c.dim(`    ${sideEvidenceWords(item.side)}`))
    // A verdict located at a turn (a checkpoint, a claim in a reply) says where.
    for (const failed of item.side.failed.filter((failed) => failed.turn !== undefined)) {
      lines.push(`    ${c.red('✗')} ${failedAtTurnWords(failed)}`)
    }
    for (const refusal of item.side.refused ?? []) {
      lines.push(`    refused ${refusalWords(refusal)}`)
    }
  }
  const attacks = singleAttackRates(cases)
  if (attacks.length > 0) {
    lines.push(c.bold('  Under attack over trials (Wilson 95 %)'))
    for (const rate of attacks) lines.push(`    ${singleAttackWords(rate)}`)
  }
  return lines
}

/**
 * Each file that did not load, error outside a test and failed test written
 * by hand, with its message as Vitest gave it.
 */
export function renderRunErrors(c: Colors, errors: readonly RunError[]): string[] {
  const lines: string[] = []
  for (const group of runErrorGroups(errors)) {
    if (lines.length > 0) lines.push('')
    lines.push(c.bold(c.red(`${group.heading} (each blocks the gate)`)))
    for (const error of group.errors) {
      lines.push(`  ${c.red(runErrorTitle(error))}`)
      for (const line of error.message.split('\n')) lines.push(`    ${line}`)
    }
  }
  return lines
}
