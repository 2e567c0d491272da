import { claimAllowed, normaliseClaimClass } from '../../core/claim.ts'
import {
  type ClaimReading,
  readReplyClaim,
  readStructuredClaim,
} from '../../core/classify-claim.ts'
import type { AllowedUserClaims, ContractDocument } from '../../schema/contract-document.ts'
import type { Redactor } from '../redact.ts'
import { fail, pass, type ReasonedVerdict, unknown } from '../verdicts.ts'
import type { OutcomeRecord } from './outcome-record.ts'
import { isCommitStatus, normalise } from './outcome-vocabulary.ts'

/** What a checker may conclude from a row when no contract is given. */
export const DEFAULT_ALLOWED_CLAIMS: Required<AllowedUserClaims> = {
  committed: ['success', 'none'],
  partial: ['partial', 'handoff', 'none'],
  pending: ['pending', 'none'],
  rejected: ['failure', 'handoff', 'none'],
  not_attempted: ['failure', 'handoff', 'needs_info', 'none'],
  unknown: ['pending', 'handoff', 'none'],
}

/** What the claim of a row is weighed against. */
export interface ClaimFacts {
  /** The contracts given, if any: then a row's contract must be among them. */
  contracts: ReadonlyMap<string, ContractDocument> | undefined
  contract: ContractDocument | undefined
  state: ReasonedVerdict['verdict']
  evidenceComplete: boolean
  redact: Redactor
}

/**
 * `claim_ok` of a recorded outcome: the claim (its class, else its text) must
 * be allowed for the commit status, and a success claim needs a committed,
 * matching, fully evidenced state. A claim that cannot be read is unknown.
 */
export function claimOf(record: OutcomeRecord, facts: ClaimFacts): ReasonedVerdict {
  const { contracts, contract, state, evidenceComplete, redact } = facts
  if (record.contract_id && contracts && !contract) {
    return unknown(
      `contract ${record.contract_id} is not among the contracts given, so its allowed claims are unknown`,
    )
  }
  const table = allowedClaims(contract?.allowed_user_claims ?? DEFAULT_ALLOWED_CLAIMS)
  const reading = readingOf(record, table.literal, redact)
  if (reading.family === 'unknown' && !claimAllowed(reading, table.literal)) {
    return unknown(`the claim cannot be read: ${reading.basis}`)
  }
  const commit = commitStatus(record)
  const allowed = table.byStatus.get(commit) ?? []
  const name = reading.claimClass
    ? `claim "${reading.claimClass}" (${reading.family})`
    : `a ${reading.family} claim`
  if (!claimAllowed(reading, allowed)) {
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

function readingOf(
  record: OutcomeRecord,
  literalClasses: readonly string[],
  redact: Redactor,
): ClaimReading {
  if (typeof record.claim_class === 'string' && record.claim_class.trim() !== '') {
    return readStructuredClaim(record.claim_class, { literalClasses })
  }
  if (record.claim_text?.trim()) return readReplyClaim(redact.text(record.claim_text))
  return {
    family: 'unknown',
    source: 'nothing',
    basis:
      'the record has no claim_class and no claim_text (say "none" when the agent made no claim)',
  }
}

/** The commit status as recorded, or `unknown` when it is missing or not one of the known ones. */
export function commitStatus(record: OutcomeRecord): string {
  const status = record.commit_status === undefined ? undefined : normalise(record.commit_status)
  return status !== undefined && isCommitStatus(status) ? status : 'unknown'
}
