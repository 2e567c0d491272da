import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { createRedactor } from '../redact.ts'
import type { Verdict } from '../verdicts.ts'
import {
  type CheckOutcomeOptions,
  checkOutcome,
  type RecordedOutcomeCheck,
} from './check-outcome.ts'
import { readOutcomeLine } from './outcome-record.ts'

/** One checked row: where it is, which operation and attempt, and its verdicts. */
export interface OutcomeRow {
  /** 1-based line number in the file. */
  line: number
  /** The linkage ids as recorded (an id that embeds the entity shows its hashed reference). */
  ids: { trace_id?: string; run_id?: string; operation_id?: string; attempt?: number }
  /**
   * `retry`: attempt 2 or later of an operation (the same operation id);
   * `first`: the first attempt, so a new operation (a user asking twice makes two);
   * `unknown`: no attempt number recorded.
   */
  attemptKind: 'retry' | 'first' | 'unknown'
  contract?: string
  check: RecordedOutcomeCheck
  /** Fields of the wrong type, left out before checking. */
  problems: string[]
}

export interface MalformedLine {
  line: number
  reason: string
}

export interface OutcomeSummary {
  rows: number
  passed: number
  failed: number
  malformed: number
  /** Rows with attempt > 1. */
  retries: number
  /** Rows with attempt 1: operations started. */
  firstAttempts: number
  verdicts: Record<'execution_ok' | 'state_ok' | 'claim_ok', Record<Verdict, number>>
  evidenceIncomplete: number
  /** Exit 0 only for this: at least one row, every row passed, no malformed line. */
  ok: boolean
}

export interface CheckOutcomesOptions extends CheckOutcomeOptions {
  /** Called for every row, as soon as it is checked. */
  onRow?: (row: OutcomeRow) => void
  onMalformed?: (line: MalformedLine) => void
}

/**
 * Checks recorded outcomes one line at a time, keeping nothing but counts:
 * memory stays flat however many rows there are. A malformed line is
 * reported with its number and the others are still checked.
 * @example
 * const summary = await checkOutcomeLines(['{"trace_id":"t-1", ...}'], { onRow: print })
 */
export async function checkOutcomeLines(
  lines: AsyncIterable<string> | Iterable<string>,
  options: CheckOutcomesOptions = {},
): Promise<OutcomeSummary> {
  const summary = emptySummary()
  // Ids only need the patterns masked; the row's own entity is swapped for its reference first.
  const redact = createRedactor({ entityType: 'entity', salt: options.salt })
  let number = 0
  for await (const text of lines) {
    number++
    if (text.trim() === '') continue
    const read = readOutcomeLine(text)
    if ('malformed' in read) {
      summary.malformed++
      options.onMalformed?.({ line: number, reason: read.malformed })
      continue
    }
    const { record, problems } = read
    const check = checkOutcome(record, options)
    const ids: OutcomeRow['ids'] = {}
    for (const name of ['trace_id', 'run_id', 'operation_id'] as const) {
      if (record[name] !== undefined)
        ids[name] = redactId(record[name]!, record.entity_ref, check.entity, redact.text)
    }
    if (record.attempt !== undefined) ids.attempt = record.attempt
    const row: OutcomeRow = {
      line: number,
      ids,
      attemptKind:
        record.attempt === undefined ? 'unknown' : record.attempt > 1 ? 'retry' : 'first',
      check,
      problems,
    }
    if (record.contract_id) row.contract = record.contract_id
    count(summary, row)
    options.onRow?.(row)
  }
  summary.ok = summary.rows > 0 && summary.failed === 0 && summary.malformed === 0
  return summary
}

/**
 * `checkOutcomeLines` over a JSON Lines file, streamed with `node:readline`.
 * @example
 * const summary = await checkOutcomeFile('outcomes.jsonl', { contracts })
 * process.exitCode = summary.ok ? 0 : 1
 */
export async function checkOutcomeFile(
  file: string,
  options: CheckOutcomesOptions = {},
): Promise<OutcomeSummary> {
  const input = createReadStream(file, { encoding: 'utf8' })
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  try {
    return await checkOutcomeLines(lines, options)
  } finally {
    lines.close()
    input.destroy()
  }
}

/** Ids print as recorded, except that the entity inside one shows as its hashed reference. */
function redactId(
  id: string,
  entity: string | undefined,
  ref: string | undefined,
  text: (value: string) => string,
): string {
  const hashed = entity && ref ? id.split(entity).join(ref) : id
  return text(hashed)
}

function emptySummary(): OutcomeSummary {
  const counts = () => ({ pass: 0, fail: 0, unknown: 0 })
  return {
    rows: 0,
    passed: 0,
    failed: 0,
    malformed: 0,
    retries: 0,
    firstAttempts: 0,
    verdicts: { execution_ok: counts(), state_ok: counts(), claim_ok: counts() },
    evidenceIncomplete: 0,
    ok: false,
  }
}

function count(summary: OutcomeSummary, row: OutcomeRow): void {
  summary.rows++
  if (row.check.passed) summary.passed++
  else summary.failed++
  if (row.attemptKind === 'retry') summary.retries++
  if (row.attemptKind === 'first') summary.firstAttempts++
  for (const name of ['execution_ok', 'state_ok', 'claim_ok'] as const) {
    summary.verdicts[name][row.check.verdicts[name]]++
  }
  if (!row.check.verdicts.evidence_complete) summary.evidenceIncomplete++
}
