import { formatVerdicts } from '../verdicts.ts'
import type { MalformedLine, OutcomeRow, OutcomeSummary } from './check-outcomes.ts'

/**
 * A failing row as the terminal shows it: line number, ids, what kind of
 * attempt it is, then each verdict that did not pass and why.
 * @example
 * formatOutcomeRow(row)
 * // line 3: trace t-1, run r-9, operation op-7, attempt 2 (a retry of op-7), order:3f9c0a51d2e4b786
 * //   execution_ok unknown, state_ok fail, claim_ok fail, evidence_complete true
 * //   - execution_ok unknown: execution_status "unknown" proves nothing: ...
 */
export function formatOutcomeRow(row: OutcomeRow): string {
  const { ids, check } = row
  const parts = [
    `trace ${ids.trace_id ?? '(missing)'}`,
    `run ${ids.run_id ?? '(missing)'}`,
    `operation ${ids.operation_id ?? '(missing)'}`,
    `attempt ${ids.attempt ?? '(missing)'}${attemptNote(row)}`,
  ]
  if (row.contract) parts.push(`contract ${row.contract}`)
  if (check.entity) parts.push(check.entity)
  const lines = [`line ${row.line}: ${parts.join(', ')}`, `  ${formatVerdicts(check.verdicts)}`]
  for (const name of ['execution_ok', 'state_ok', 'claim_ok'] as const) {
    if (check.verdicts[name] === 'pass') continue
    lines.push(`  - ${name} ${check.verdicts[name]}: ${check.reasons[name].join('; ')}`)
  }
  if (!check.verdicts.evidence_complete) {
    lines.push(`  - evidence incomplete: ${check.reasons.evidence.join('; ')}`)
  }
  if (row.problems.length > 0) lines.push(`  - data errors: ${row.problems.join('; ')}`)
  return lines.join('\n')
}

function attemptNote(row: OutcomeRow): string {
  if (row.attemptKind === 'retry')
    return ` (a retry of operation ${row.ids.operation_id ?? '(missing)'})`
  if (row.attemptKind === 'first') return ' (first attempt of its operation)'
  return ''
}

/** `line 5: malformed, not JSON (...); skipped, and the check fails`. */
export function formatMalformed(malformed: MalformedLine): string {
  return `line ${malformed.line}: malformed, ${malformed.reason}; skipped, and the check fails`
}

/**
 * The closing lines: counts, the verdict breakdown and PASS or FAIL.
 * @example
 * formatOutcomeSummary(summary, 'outcomes.jsonl') // 'Checked 3 rows of outcomes.jsonl: 2 passed, 1 failed, ...'
 */
export function formatOutcomeSummary(summary: OutcomeSummary, file: string): string {
  const rows = summary.rows === 1 ? '1 row' : `${summary.rows} rows`
  const head = `Checked ${rows} of ${file}: ${summary.passed} passed, ${summary.failed} failed, ${summary.malformed} malformed.`
  const attempts = `Operations started: ${summary.firstAttempts}; retries (attempt > 1, same operation id): ${summary.retries}${summary.duplicates > 0 ? `; attempts recorded twice: ${summary.duplicates}` : ''}.`
  const breakdown = (['execution_ok', 'state_ok', 'claim_ok'] as const)
    .map((name) => {
      const counts = summary.verdicts[name]
      return `${name} ${counts.pass} pass / ${counts.fail} fail / ${counts.unknown} unknown`
    })
    .join('; ')
  const evidence = `evidence incomplete: ${summary.evidenceIncomplete}`
  const verdict = summary.ok
    ? 'PASS: every row passed with complete evidence.'
    : summary.rows === 0 && summary.malformed === 0
      ? 'FAIL: no outcome records; an empty file proves nothing.'
      : 'FAIL: fail-closed, every row must pass with complete evidence.'
  return `${head}\n${attempts}\n${breakdown}; ${evidence}.\n${verdict}`
}

/** A row as one JSON object, for `--json` (already redacted). */
export function outcomeRowJson(row: OutcomeRow): Record<string, unknown> {
  return {
    kind: 'row',
    line: row.line,
    ...row.ids,
    attempt_kind: row.attemptKind,
    ...(row.contract ? { contract_id: row.contract } : {}),
    ...(row.check.entity ? { entity_ref: row.check.entity } : {}),
    passed: row.check.passed,
    ...row.check.verdicts,
    reasons: row.check.reasons,
    ...(row.problems.length > 0 ? { problems: row.problems } : {}),
  }
}
