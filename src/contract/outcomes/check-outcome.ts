import { canonicalJson, digest } from '../../core/canonical-json.ts'
import type { JsonValue } from '../../core/json.ts'
import { diffStates, type StateDifference } from '../../core/state-diff.ts'
import { formatPath, patternOf } from '../../core/state-path.ts'
import type { ContractDocument } from '../../schema/contract-document.ts'
import { createRedactor, type Redactor, sensitiveKeyNames } from '../redact.ts'
import {
  type ContractVerdicts,
  fail,
  pass,
  type ReasonedVerdict,
  unknown,
  verdictsPass,
} from '../verdicts.ts'
import { claimOf, commitStatus } from './outcome-claim.ts'
import { LINKAGE_FIELDS, type OutcomeRecord } from './outcome-record.ts'
import { executionMeaning, normalise } from './outcome-vocabulary.ts'

const COMPLETE = new Set(['complete', 'completed', 'full'])

/** The verdicts of one recorded outcome, with the reasons, redacted. */
export interface RecordedOutcomeCheck {
  verdicts: ContractVerdicts
  passed: boolean
  /** The hashed entity reference, when the record names an entity. */
  entity?: string
  reasons: { execution_ok: string[]; state_ok: string[]; claim_ok: string[]; evidence: string[] }
}

export interface CheckOutcomeOptions {
  /** Contracts by `contract_id`; when given, a record's contract must be among them. */
  contracts?: ReadonlyMap<string, ContractDocument>
  salt?: string
}

/**
 * Checks one recorded outcome, fail-closed. `execution_status: unknown`
 * is unknown, never a pass; a state mismatch fails whatever the agent
 * claimed; a rejected operation whose observed state equals its target is
 * flagged; a success claim needs a committed, matching, fully evidenced
 * state; a free-text "all taken care of" is read as the success it claims.
 * @example
 * checkOutcome({ execution_status: 'unknown', commit_status: 'committed', ... }).verdicts.execution_ok // 'unknown'
 */
export function checkOutcome(
  record: OutcomeRecord,
  options: CheckOutcomeOptions = {},
): RecordedOutcomeCheck {
  const contract = record.contract_id ? options.contracts?.get(record.contract_id) : undefined
  const redact = redactorFor(record, contract, options.salt)
  const volatile = contract?.volatile ?? []
  const execution = executionOf(record)
  const state = stateOf(record, volatile, redact)
  const evidence = evidenceOf(record, volatile)
  const claim = claimOf(record, {
    contracts: options.contracts,
    contract,
    state: state.verdict,
    evidenceComplete: evidence.length === 0,
    redact,
  })
  const verdicts: ContractVerdicts = {
    execution_ok: execution.verdict,
    state_ok: state.verdict,
    claim_ok: claim.verdict,
    evidence_complete: evidence.length === 0,
  }
  const check: RecordedOutcomeCheck = {
    verdicts,
    passed: verdictsPass(verdicts),
    reasons: {
      execution_ok: execution.reasons.map(redact.text),
      state_ok: state.reasons.map(redact.text),
      claim_ok: claim.reasons.map(redact.text),
      evidence: evidence.map(redact.text),
    },
  }
  if (record.entity_ref) check.entity = redact.ref(record.entity_ref)
  return check
}

function redactorFor(
  record: OutcomeRecord,
  contract: ContractDocument | undefined,
  salt?: string,
): Redactor {
  return createRedactor({
    entityType: contract?.entity_ref.type ?? 'entity',
    entities: record.entity_ref ? [record.entity_ref] : [],
    sensitiveKeys: sensitiveKeyNames(contract?.sensitive),
    salt,
  })
}

function executionOf(record: OutcomeRecord): ReasonedVerdict {
  if (record.execution_status === undefined)
    return unknown('execution_status is missing or not usable: nothing says the call executed')
  const status = normalise(record.execution_status)
  const meaning = executionMeaning(status)
  if (meaning === 'executed') return pass(`execution_status "${status}"`)
  if (meaning === 'not_executed')
    return fail(`execution_status "${status}": the call did not execute`)
  return unknown(
    `execution_status "${status}" proves nothing: a call without a definite answer may or may not have executed`,
  )
}

function stateOf(
  record: OutcomeRecord,
  volatile: readonly string[],
  redact: Redactor,
): ReasonedVerdict {
  const commit = commitStatus(record)
  const { expected_state: expected, observed_state: observed } = record
  if (expected === undefined || observed === undefined) {
    const missing = [
      expected === undefined && 'expected_state',
      observed === undefined && 'observed_state',
    ]
    return unknown(`${missing.filter(Boolean).join(' and ')} missing: the state cannot be compared`)
  }
  const equal = sameState(expected, observed, volatile)
  if (equal === undefined) return unknown('expected_state or observed_state is not plain JSON')
  const differences = equal
    ? ''
    : describe(stateFieldDifferences(expected, observed, volatile), redact)
  switch (commit) {
    case 'committed':
      return equal
        ? pass('committed, and the observed state equals the expected state')
        : fail(`committed, but the observed state differs from the expected state: ${differences}`)
    case 'rejected':
      return equal
        ? fail(
            "rejected, yet the observed state equals the target: either the rejection is false or the state came from elsewhere; it is not this operation's success",
          )
        : fail(`rejected: the target state was not reached (${differences})`)
    case 'partial':
      return fail(
        equal
          ? 'commit_status partial, yet the observed state equals the target: the records contradict each other'
          : `partially committed: ${differences}`,
      )
    case 'pending':
      return unknown('pending: not committed yet, so the state cannot be confirmed')
    default: {
      const given = record.commit_status === undefined ? 'missing' : `"${record.commit_status}"`
      return equal
        ? unknown(
            `commit_status ${given}: the observed state matches, but nothing says this operation committed it`,
          )
        : fail(
            `commit_status ${given}, and the observed state differs from the expected state: ${differences}`,
          )
    }
  }
}

function sameState(a: JsonValue, b: JsonValue, volatile: readonly string[]): boolean | undefined {
  try {
    return canonicalJson(a, { dropPaths: volatile }) === canonicalJson(b, { dropPaths: volatile })
  } catch {
    return undefined
  }
}

/** Expected (`before`) against observed (`after`), leaf by leaf, volatile fields skipped. */
function stateFieldDifferences(
  expected: JsonValue,
  observed: JsonValue,
  volatile: readonly string[],
): StateDifference[] {
  return diffStates(expected, observed, { ignore: volatile.map(patternOf), arrays: 'items' })
}

function describe(differences: readonly StateDifference[], redact: Redactor): string {
  const shown = differences
    .slice(0, 5)
    .map(({ path: segments, before: expected, after: observed }) => {
      const path = formatPath(segments)
      const masked = redact.isSensitiveKey(segments.at(-1) ?? '')
      const value = (v: JsonValue | undefined) =>
        v === undefined ? 'missing' : masked ? '[redacted]' : short(JSON.stringify(redact.value(v)))
      return `${path || '(root)'} is ${value(observed)}, expected ${value(expected)}`
    })
  const more = differences.length > 5 ? ` and ${differences.length - 5} more` : ''
  return `${shown.join('; ')}${more}`
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

function evidenceOf(record: OutcomeRecord, volatile: readonly string[]): string[] {
  const missing: string[] = []
  const status = record.evidence_status?.trim().toLowerCase()
  if (status === undefined) missing.push('evidence_status is missing')
  else if (!COMPLETE.has(status)) missing.push(`evidence_status is "${status}"`)
  const absent = LINKAGE_FIELDS.filter(
    (field) => record[field] === undefined || record[field] === '',
  )
  if (absent.length > 0) missing.push(`linkage missing: ${absent.join(', ')}`)
  if (record.checked_at !== undefined && Number.isNaN(Date.parse(record.checked_at))) {
    missing.push(`checked_at "${record.checked_at}" is not a date`)
  }
  if (record.state_version?.startsWith('sha256:') && record.observed_state !== undefined) {
    let actual: string | undefined
    try {
      actual = digest(record.observed_state, { dropPaths: volatile })
    } catch {
      actual = undefined
    }
    if (actual !== record.state_version) {
      missing.push(
        'state_version is not the digest of the observed state: the state read back is not the version recorded',
      )
    }
  }
  return missing
}
