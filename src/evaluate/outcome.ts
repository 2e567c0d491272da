import type { CallRecord } from '../core/call-record.ts'
import type { CaseRun, ClaimedOutcome } from '../core/case-run.ts'
import {
  claimAllowed,
  familyOfOutcome,
  VERIFIED_CLAIMS,
  type VerifiedStatus,
} from '../core/claim.ts'
import type { JsonValue } from '../core/json.ts'
import type { ValueCheck } from '../schema/scenario-document.ts'
import { parsePath } from '../twin/paths.ts'
import { changedBySentence, changesTouching, touchingEvidence } from './changes.ts'
import { formatCall, joinWords } from './format.ts'
import { changedState, recordEvidence, sawSuccess } from './records.ts'
import { checkStateValue, type ValueCheckOutcome } from './value-check.ts'

/** A state-changing call that told the caller "success" without the effect to show for it. */
export interface UnbackedSuccess {
  record: CallRecord
  /** `no-effect`: nothing changed; `partial`: only part of the effects were applied. */
  kind: 'no-effect' | 'partial'
  /** `refund_payment #2 answered 200 yet changed nothing (fault success_without_effect)`. */
  text: string
}

/** Claimed versus verified, for one case. */
export interface OutcomeVerification {
  /** What the agent said; undefined when there is no agent result. */
  claimed: ClaimedOutcome | undefined
  status: VerifiedStatus
  /** A verification actually ran (a value was checked, or reported successes were weighed against state). */
  verified: boolean
  /** `isContradiction(claimed, status, verified)`. */
  contradiction: boolean
  /** Plain words citing the evidence. */
  reason: string
  /** With a path: the value check. */
  check?: ValueCheckOutcome
  /** Without a path: state-changing calls that reported success (2xx seen by the caller). */
  reportedSuccesses: CallRecord[]
  /** Without a path: the reported successes the state does not back. */
  unbacked: UnbackedSuccess[]
  evidence: JsonValue
}

/** The part of an `outcomeVerified` expectation verification needs. */
export type OutcomeCheck = ValueCheck & { path?: string }

/**
 * Claimed versus verified. With `expectation.path`, the value there is checked
 * against the expectation's value check (SUCCESS when it holds, FAILURE when it
 * does not). Without a path, every state-changing call (risk other than READ)
 * that reported success to the caller must have changed state: none unbacked
 * is SUCCESS, some unbacked is PARTIAL, all unbacked is FAILURE. Nothing to
 * check, or a case that did not finish, is `UNKNOWN` with `verified: false`.
 * @example
 * const { claimed, status, verified } = verifyOutcome(run, { path: 'orders.ORD-1001.refund_count', equals: 1 })
 * isContradiction(claimed, status, verified) // true: claimed SUCCESS, refunded twice
 */
export function verifyOutcome(run: CaseRun, expectation?: OutcomeCheck): OutcomeVerification {
  if (!run.finished || !run.result) {
    const reason = !run.finished
      ? `the case did not finish (${run.error ? `${run.error.kind}: ${run.error.message}` : 'no reason recorded'})`
      : 'the case has no agent result'
    return unknown(run.result?.outcome, reason)
  }
  const claimed = run.result.outcome
  if (expectation?.path !== undefined)
    return verifyPath(run, claimed, expectation, expectation.path)
  return verifyReportedSuccesses(run, claimed)
}

/**
 * A contradiction: a verification ran and the claim is not allowed for the
 * verified status (`claimAllowed`): the agent claimed SUCCESS, and the
 * verified status is FAILURE or PARTIAL. An unchecked claim is never disproven.
 * @example
 * isContradiction('SUCCESS', 'FAILURE', true) // true
 * isContradiction('SUCCESS', 'UNKNOWN', false) // false
 */
export function isContradiction(
  claimed: ClaimedOutcome | undefined,
  status: VerifiedStatus,
  verified: boolean,
): boolean {
  if (!verified || claimed === undefined) return false
  return !claimAllowed({ family: familyOfOutcome(claimed) }, VERIFIED_CLAIMS[status])
}

/**
 * Why a reported success is not backed by state, or undefined when it is.
 * A replay is backed by the first execution; a call that changed state is
 * backed unless a fault applied only part of it; a call that changed nothing
 * is unbacked when the twin says it did not do what was asked (outcome
 * `error`, or a fault withheld or staged its effects). A fault-free success
 * that changes nothing by design (an idempotent no-op) is backed.
 */
export function unbackedReason(record: CallRecord): UnbackedSuccess | undefined {
  if (record.replay) return undefined
  const fault = record.fault ? ` (fault ${record.fault.type})` : ''
  const answered = `${formatCall(record)} answered ${record.status}`
  if (changedState(record)) {
    if (record.fault?.dependency !== 'partial') return undefined
    return {
      record,
      kind: 'partial',
      text: `${answered} yet applied only part of its effects${fault}`,
    }
  }
  if (record.deferred && !record.deferred.committed) {
    return {
      record,
      kind: 'no-effect',
      text: `${answered} yet its effects were only staged and never committed within the case${fault}`,
    }
  }
  const withheld =
    record.fault !== undefined &&
    record.fault.dependency !== 'applied' &&
    record.fault.dependency !== 'twice'
  if (record.outcome !== 'error' && !withheld) return undefined
  return {
    record,
    kind: 'no-effect',
    text: `${answered} yet changed nothing${fault || ' (the twin did not do it)'}`,
  }
}

function verifyPath(
  run: CaseRun,
  claimed: ClaimedOutcome | undefined,
  check: ValueCheck,
  path: string,
): OutcomeVerification {
  const outcome = checkStateValue(check, run.finalState, path)
  if (outcome.kind === 'error') return { ...unknown(claimed, outcome.text), check: outcome }
  const touching = changesTouching(run.records, parsePath(path))
  const status: VerifiedStatus = outcome.kind === 'pass' ? 'SUCCESS' : 'FAILURE'
  return {
    claimed,
    status,
    verified: true,
    contradiction: isContradiction(claimed, status, true),
    reason: `${outcome.text}; ${changedBySentence(touching)}`,
    check: outcome,
    reportedSuccesses: [],
    unbacked: [],
    evidence: {
      claimed: claimed ?? null,
      status,
      verified: true,
      path,
      found: outcome.found,
      value: outcome.value ?? null,
      check: outcome.check,
      changedBy: touchingEvidence(touching),
    },
  }
}

function verifyReportedSuccesses(
  run: CaseRun,
  claimed: ClaimedOutcome | undefined,
): OutcomeVerification {
  const reportedSuccesses = run.records.filter((r) => r.risk !== 'READ' && sawSuccess(r))
  if (reportedSuccesses.length === 0) {
    return unknown(
      claimed,
      'no state-changing tool reported success, so there is nothing to weigh against state',
    )
  }
  const unbacked = reportedSuccesses.flatMap((record) => unbackedReason(record) ?? [])
  const status: VerifiedStatus =
    unbacked.length === 0
      ? 'SUCCESS'
      : unbacked.length === reportedSuccesses.length &&
          unbacked.every((u) => u.kind === 'no-effect')
        ? 'FAILURE'
        : 'PARTIAL'
  const reason =
    unbacked.length === 0
      ? `every state-changing success changed state (${joinWords(reportedSuccesses.map(formatCall))})`
      : joinWords(unbacked.map((u) => u.text))
  return {
    claimed,
    status,
    verified: true,
    contradiction: isContradiction(claimed, status, true),
    reason,
    reportedSuccesses,
    unbacked,
    evidence: {
      claimed: claimed ?? null,
      status,
      verified: true,
      reportedSuccesses: reportedSuccesses.map(recordEvidence),
      unbacked: unbacked.map((u) => ({ seq: u.record.seq, tool: u.record.tool, kind: u.kind })),
    },
  }
}

function unknown(claimed: ClaimedOutcome | undefined, reason: string): OutcomeVerification {
  return {
    claimed,
    status: 'UNKNOWN',
    verified: false,
    contradiction: false,
    reason,
    reportedSuccesses: [],
    unbacked: [],
    evidence: { claimed: claimed ?? null, status: 'UNKNOWN', verified: false, reason },
  }
}
