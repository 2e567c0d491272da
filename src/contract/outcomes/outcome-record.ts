/**
 * One recorded outcome from production, as a source's checker writes it: one
 * JSON object per line, the verdict fields named as that checker named them.
 */
import type { JsonValue } from '../../core/json.ts'
import { executionMeaning, isCommitStatus, unknownWordProblem } from './outcome-vocabulary.ts'

export interface OutcomeRecord {
  trace_id?: string
  run_id?: string
  /** Shared by every attempt of one operation; a new request has a new one. */
  operation_id?: string
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt?: number
  contract_id?: string
  /** The entity the outcome is about (hashed in every output). */
  entity_ref?: string
  /** `pass`, `fail` or `unknown` (and their usual spellings: `success`, `failed`, ...). */
  execution_status?: string
  /** `committed`, `rejected`, `pending`, `partial` or `unknown`. */
  commit_status?: string
  /** The structured claim the agent made (`updated`, `pending`, ...). */
  claim_class?: string | null
  /** The reply the user got, when the source keeps it; read when there is no claim class. */
  claim_text?: string
  /** `complete`, or what is missing. */
  evidence_status?: string
  expected_state?: JsonValue
  observed_state?: JsonValue
  state_version?: string
  checked_at?: string
  checker_version?: string
}

/** The fields that link a record to its trace, run and operation; all must be present. */
export const LINKAGE_FIELDS = [
  'trace_id',
  'run_id',
  'operation_id',
  'attempt',
  'state_version',
  'checked_at',
  'checker_version',
] as const

const STRING_FIELDS = [
  'trace_id',
  'run_id',
  'operation_id',
  'contract_id',
  'entity_ref',
  'execution_status',
  'commit_status',
  'claim_text',
  'evidence_status',
  'state_version',
  'checked_at',
  'checker_version',
] as const

/**
 * Reads one line. A line that is not a JSON object is malformed (the reason
 * says why); a field of the wrong type, a status word outside the vocabulary
 * or a state that is not a JSON object is dropped and named in `problems`, so
 * the verdicts treat it as missing rather than guessing, and the row fails.
 * @example
 * readOutcomeLine('{"trace_id":"t-1","attempt":1}') // { record: { trace_id: 't-1', attempt: 1 }, problems: [] }
 */
export function readOutcomeLine(
  line: string,
): { record: OutcomeRecord; problems: string[] } | { malformed: string } {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (error) {
    return { malformed: `not JSON (${(error as Error).message})` }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value
    return { malformed: `not a JSON object but ${kind}` }
  }
  const raw = value as Record<string, unknown>
  const record: OutcomeRecord = {}
  const problems: string[] = []
  for (const name of STRING_FIELDS) {
    const field = raw[name]
    if (field === undefined || field === null) continue
    if (typeof field === 'string') record[name] = field
    else problems.push(`${name} is ${typeof field}, not a string`)
  }
  if (raw.attempt !== undefined && raw.attempt !== null) {
    if (Number.isSafeInteger(raw.attempt) && (raw.attempt as number) >= 1) {
      record.attempt = raw.attempt as number
    } else
      problems.push(`attempt ${JSON.stringify(raw.attempt)} is not a whole number of at least 1`)
  }
  if (raw.claim_class === null) record.claim_class = null
  else if (typeof raw.claim_class === 'string') record.claim_class = raw.claim_class
  else if (raw.claim_class !== undefined)
    problems.push(`claim_class is ${typeof raw.claim_class}, not a string`)
  for (const name of ['execution_status', 'commit_status'] as const) {
    const word = record[name]
    if (word === undefined) continue
    const known =
      name === 'execution_status' ? executionMeaning(word) !== undefined : isCommitStatus(word)
    if (!known) {
      problems.push(unknownWordProblem(name, word))
      delete record[name]
    }
  }
  for (const name of ['expected_state', 'observed_state'] as const) {
    const state = raw[name]
    if (state === undefined) continue
    if (state !== null && typeof state === 'object') record[name] = state as JsonValue
    else
      problems.push(
        `${name} is ${state === null ? 'null' : typeof state}, not a JSON object: give the state as an object of its fields`,
      )
  }
  return { record, problems }
}
