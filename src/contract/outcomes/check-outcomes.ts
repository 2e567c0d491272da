import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createRedactor } from '../redact.ts'
import type { Verdict } from '../verdicts.ts'
import {
  type CheckOutcomeOptions,
  checkOutcome,
  type RecordedOutcomeCheck,
} from './check-outcome.ts'
import { type OutcomeRecord, readOutcomeLine } from './outcome-record.ts'
import { DEFAULT_MAX_LINE_BYTES, type ReadLine, readLines } from './read-lines.ts'

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
  /**
   * Data errors: fields of the wrong type or outside the vocabulary (left out
   * before checking), or an (operation_id, attempt) recorded twice. Any of
   * them fails the row.
   */
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
  /** Rows whose (operation_id, attempt) an earlier row already recorded. */
  duplicates: number
  verdicts: Record<'execution_ok' | 'state_ok' | 'claim_ok', Record<Verdict, number>>
  evidenceIncomplete: number
  /** Exit 0 only for this: at least one row, every row passed, no malformed line. */
  ok: boolean
}

export interface CheckOutcomesOptions extends CheckOutcomeOptions {
  /** Called for every row, as soon as it is checked. */
  onRow?: (row: OutcomeRow) => void
  onMalformed?: (line: MalformedLine) => void
  /** Longer lines are malformed ("line too long") and never held in memory; default 1 MiB. */
  maxLineBytes?: number
}

/**
 * Checks recorded outcomes one line at a time, keeping nothing but counts:
 * memory stays flat however many rows there are. A malformed line is
 * reported with its number and the others are still checked.
 * @example
 * const summary = await checkOutcomeLines(['{"trace_id":"t-1", ...}'], { onRow: print })
 */
export async function checkOutcomeLines(
  lines: AsyncIterable<string | ReadLine> | Iterable<string | ReadLine>,
  options: CheckOutcomesOptions = {},
): Promise<OutcomeSummary> {
  const summary = emptySummary()
  // Ids only need the patterns masked; the row's own entity is swapped for its reference first.
  const redact = createRedactor({ entityType: 'entity', salt: options.salt })
  const attempts = new AttemptIndex()
  let number = 0
  for await (const line of lines) {
    number++
    const text = typeof line === 'string' ? line : 'text' in line ? line.text : undefined
    if (text === undefined) {
      summary.malformed++
      options.onMalformed?.({ line: number, reason: (line as { problem: string }).problem })
      continue
    }
    if (text.trim() === '') continue
    const read = readOutcomeLine(text)
    if ('malformed' in read) {
      summary.malformed++
      options.onMalformed?.({ line: number, reason: read.malformed })
      continue
    }
    const { record, problems } = read
    const earlier = attempts.seen(record, number)
    if (earlier !== undefined) {
      summary.duplicates++
      problems.push(
        `operation_id and attempt ${record.attempt} were already recorded at line ${earlier}: each attempt of an operation is one record (a retry has the next attempt number, a new request a new operation id)`,
      )
    }
    const check = checkOutcome(record, options)
    if (problems.length > 0) check.passed = false
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
      problems: problems.map(redact.text),
    }
    if (record.contract_id) row.contract = record.contract_id
    count(summary, row)
    options.onRow?.(row)
  }
  summary.ok = summary.rows > 0 && summary.failed === 0 && summary.malformed === 0
  return summary
}

/**
 * `checkOutcomeLines` over a JSON Lines file, streamed with back-pressure and
 * decoded as strict UTF-8.
 * @example
 * const summary = await checkOutcomeFile('outcomes.jsonl', { contracts })
 * process.exitCode = summary.ok ? 0 : 1
 */
export async function checkOutcomeFile(
  file: string,
  options: CheckOutcomesOptions = {},
): Promise<OutcomeSummary> {
  const input = createReadStream(file)
  try {
    return await checkOutcomeLines(
      readLines(input, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES),
      options,
    )
  } finally {
    input.destroy()
  }
}

/**
 * Which (operation_id, attempt) pairs were recorded, and on which line. Keys
 * are 12-byte digests, so memory per row stays a few dozen bytes however
 * long the ids are.
 */
class AttemptIndex {
  readonly #lines = new Map<string, number>()

  /** The line that recorded this attempt before, else undefined (and this line is remembered). */
  seen(record: OutcomeRecord, line: number): number | undefined {
    if (record.operation_id === undefined || record.attempt === undefined) return undefined
    const key = createHash('sha256')
      .update(`${record.attempt}\u0000${record.operation_id}`)
      .digest()
      .subarray(0, 12)
      .toString('latin1')
    const earlier = this.#lines.get(key)
    if (earlier === undefined) this.#lines.set(key, line)
    return earlier
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
    duplicates: 0,
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
