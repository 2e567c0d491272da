import type { AllowedUserClaims, ContractDocument } from '../../schema/contract-document.ts'
import type { JsonValue } from '../../schema/twin-document.ts'
import { canonicalJson, digest } from '../../twin/canonical-json.ts'
import { normaliseClaimClass } from '../claim-classes.ts'
import { type ClaimReading, readReplyClaim, readStructuredClaim } from '../classify-claim.ts'
import { createRedactor, type Redactor } from '../redact.ts'
import { type ContractVerdicts, fail, pass, type ReasonedVerdict, unknown } from '../verdicts.ts'
import { LINKAGE_FIELDS, type OutcomeRecord } from './outcome-record.ts'
import { stateDifferences } from './state-differences.ts'

/** What a checker may conclude from a row when no contract is given. */
export const DEFAULT_ALLOWED_CLAIMS: Required<AllowedUserClaims> = {
  committed: ['success', 'none'],
  partial: ['partial', 'handoff', 'none'],
  pending: ['pending', 'none'],
  rejected: ['failure', 'handoff', 'none'],
  not_attempted: ['failure', 'handoff', 'needs_info', 'none'],
  unknown: ['pending', 'handoff', 'none'],
}

const EXECUTED = new Set([
  'success',
  'succeeded',
  'ok',
  'executed',
  'done',
  'completed',
  'accepted',
])
const NOT_EXECUTED = new Set(['failed', 'failure', 'error', 'rejected', 'not_executed', 'skipped'])
const COMMITS = new Set(['committed', 'rejected', 'pending', 'partial', 'not_attempted', 'unknown'])
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
  const claim = claimOf(record, options, contract, state.verdict, evidence.length === 0)
  const verdicts: ContractVerdicts = {
    execution_ok: execution.verdict,
    state_ok: state.verdict,
    claim_ok: claim.verdict,
    evidence_complete: evidence.length === 0,
  }
  const check: RecordedOutcomeCheck = {
    verdicts,
    passed:
      verdicts.execution_ok === 'pass' &&
      verdicts.state_ok === 'pass' &&
      verdicts.claim_ok === 'pass' &&
      verdicts.evidence_complete,
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
    sensitiveKeys: (contract?.sensitive ?? []).map((path) => path.split('.').at(-1)!),
    salt,
  })
}

function executionOf(record: OutcomeRecord): ReasonedVerdict {
  const status = record.execution_status?.trim().toLowerCase()
  if (status === undefined)
    return unknown('execution_status is missing: nothing says the call executed')
  if (EXECUTED.has(status)) return pass(`execution_status "${status}"`)
  if (NOT_EXECUTED.has(status))
    return fail(`execution_status "${status}": the call did not execute`)
  return unknown(
    `execution_status "${status}" proves nothing: a call without a definite answer may or may not have executed`,
  )
}

function commitOf(record: OutcomeRecord): string {
  const status = record.commit_status?.trim().toLowerCase()
  return status !== undefined && COMMITS.has(status) ? status : 'unknown'
}

function stateOf(
  record: OutcomeRecord,
  volatile: readonly string[],
  redact: Redactor,
): ReasonedVerdict {
  const commit = commitOf(record)
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
  const differences = equal ? '' : describe(stateDifferences(expected, observed, volatile), redact)
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

function describe(differences: ReturnType<typeof stateDifferences>, redact: Redactor): string {
  const shown = differences.slice(0, 5).map(({ path, expected, observed }) => {
    const masked = redact.isSensitiveKey(path.split('.').at(-1) ?? '')
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

function claimOf(
  record: OutcomeRecord,
  options: CheckOutcomeOptions,
  contract: ContractDocument | undefined,
  state: ReasonedVerdict['verdict'],
  evidenceComplete: boolean,
): ReasonedVerdict {
  if (record.contract_id && options.contracts && !contract) {
    return unknown(
      `contract ${record.contract_id} is not among the contracts given, so its allowed claims are unknown`,
    )
  }
  const table = allowedClaims(contract?.allowed_user_claims ?? DEFAULT_ALLOWED_CLAIMS)
  const reading = readingOf(record, table.literal)
  if (reading.family === 'unknown' && !table.literal.includes(reading.claimClass ?? '')) {
    return unknown(`the claim cannot be read: ${reading.basis}`)
  }
  const commit = commitOf(record)
  const allowed = table.byStatus.get(commit) ?? []
  const name = reading.claimClass
    ? `claim "${reading.claimClass}" (${reading.family})`
    : `a ${reading.family} claim`
  const matched =
    allowed.includes(reading.family) ||
    (reading.claimClass !== undefined && allowed.includes(reading.claimClass))
  if (!matched) {
    return fail(
      `${name} with commit_status ${commit}; allowed then: ${allowed.join(', ') || 'no claim at all'}`,
    )
  }
  if (
    reading.family === 'success' &&
    !(commit === 'committed' && state === 'pass' && evidenceComplete)
  ) {
    return fail(
      `${name} needs a committed, matching, fully evidenced state; commit_status is ${commit}, state_ok ${state}, evidence ${evidenceComplete ? 'complete' : 'incomplete'}`,
    )
  }
  return pass(`${name}, allowed with commit_status ${commit}`)
}

interface AllowedTable {
  /** Every entry, normalised (`Awaiting Confirmation` → `awaiting_confirmation`). */
  literal: string[]
  byStatus: Map<string, string[]>
}

const tables = new WeakMap<AllowedUserClaims, AllowedTable>()

/** The allowed claims normalised once per table, not once per row. */
function allowedClaims(claims: AllowedUserClaims): AllowedTable {
  let table = tables.get(claims)
  if (!table) {
    const byStatus = new Map<string, string[]>()
    for (const [status, entries] of Object.entries(claims) as [string, string[]][]) {
      byStatus.set(status, entries.map(normaliseClaimClass))
    }
    table = { literal: [...new Set([...byStatus.values()].flat())], byStatus }
    tables.set(claims, table)
  }
  return table
}

function readingOf(record: OutcomeRecord, literalClasses: readonly string[]): ClaimReading {
  if (typeof record.claim_class === 'string' && record.claim_class.trim() !== '') {
    return readStructuredClaim(record.claim_class, { literalClasses })
  }
  if (record.claim_text?.trim()) return readReplyClaim(record.claim_text)
  return {
    family: 'unknown',
    source: 'nothing',
    basis:
      'the record has no claim_class and no claim_text (say "none" when the agent made no claim)',
  }
}
