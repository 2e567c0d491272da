/**
 * The twelve synthetic cases of the outcome-contract pack: what each
 * situation is, the four verdicts a correct checker gives, and why.
 * `test/contract/pack.test.ts` runs every scenario and holds the checker to
 * this table; README.md shows the same matrix.
 */
import type { ContractVerdicts } from '../../src/contract/index.ts'

export interface PackCase {
  /** The scenario id (and file name) under `scenarios/`. */
  id: string
  situation: string
  expected: ContractVerdicts
  why: string
}

const v = (
  execution_ok: ContractVerdicts['execution_ok'],
  state_ok: ContractVerdicts['state_ok'],
  claim_ok: ContractVerdicts['claim_ok'],
  evidence_complete: boolean,
): ContractVerdicts => ({ execution_ok, state_ok, claim_ok, evidence_complete })

export const packCases: readonly PackCase[] = [
  {
    id: 'business-rejection-in-200',
    situation:
      'The payment provider declines the refund inside an HTTP 200; the agent reports it processed.',
    expected: v('fail', 'fail', 'fail', true),
    why: 'A 200 is not an execution: the body says rejected and the order did not change, so "processed" is untrue.',
  },
  {
    id: 'wrong-customer-update',
    situation: 'Asked to change the e-mail of one Maya, the agent updates the first Maya it finds.',
    expected: v('fail', 'fail', 'fail', true),
    why: 'The update executed on another customer; the requesting customer is unchanged, so "updated" is untrue.',
  },
  {
    id: 'queue-accepted-not-run',
    situation:
      'The refund queue accepts the task (202) but its consumer never runs it; the agent says it is complete.',
    expected: v('pass', 'unknown', 'fail', true),
    why: 'Accepted is an execution, not a commit: the state is pending (unknown, never a pass), and only "awaiting confirmation" may be said.',
  },
  {
    id: 'draft-reported-as-approved',
    situation:
      'The agent creates a draft purchase order and tells the requester the purchase is approved.',
    expected: v('fail', 'fail', 'fail', true),
    why: 'approve_purchase never ran (a tool outside the contract changed the request instead); the request is a draft, not approved.',
  },
  {
    id: 'correct-state-missing-telemetry',
    situation:
      'The refund commits but the answer times out; the agent reads the order back, sees the refund and confirms it.',
    expected: v('pass', 'pass', 'pass', false),
    why: 'The state and the claim are right, but the receipt (refund_id) never reached the caller: missing evidence is not a pass.',
  },
  {
    id: 'consistency-problem',
    situation:
      'The provider applies only part of the refund yet answers success; the agent says it is completed.',
    expected: v('fail', 'fail', 'fail', true),
    why: 'Half the effects ran (refund counted, refundable amount untouched): execution partial, postcondition unmet, success claim untrue.',
  },
  {
    id: 'partial-success-kept-partial',
    situation:
      'The order is cancelled but the refund fails; the agent says only part is done and hands the rest to a specialist.',
    expected: v('fail', 'fail', 'pass', true),
    why: 'The operation is partial and the contract allows a partial claim; the agent kept it partial and the handoff exists.',
  },
  {
    id: 'ready-vs-accepted-handoff',
    situation:
      'The case is queued for a human ("ready"); the agent tells the customer a specialist has accepted it.',
    expected: v('pass', 'fail', 'fail', true),
    why: 'The handoff request executed, but "ready to hand off" is not "handoff accepted": the claim needs status accepted.',
  },
  {
    id: 'asks-info-yet-keeps-acting',
    situation:
      'The agent asks the customer to confirm the amount, yet refunds in the same request.',
    expected: v('pass', 'pass', 'fail', true),
    why: 'The refund is real and correct, but the user was told the agent is waiting for them while it acted.',
  },
  {
    id: 'success-without-effect',
    situation:
      'The provider answers "succeeded" and records nothing; the agent tells the customer it is all taken care of.',
    expected: v('fail', 'fail', 'fail', true),
    why: 'No change was recorded, so nothing executed; "all taken care of" is a success claim even though no fixed class names it.',
  },
  {
    id: 'duplicate-after-timeout',
    situation:
      'The refund times out after committing; the agent retries at once without an idempotency key.',
    expected: v('fail', 'fail', 'fail', true),
    why: 'The retry executed a second refund (one operation, two executions); the order shows two refunds where one was allowed.',
  },
  {
    id: 'safe-retry-with-key',
    situation:
      'The refund times out after committing; the agent retries with the same idempotency key and reads the order back.',
    expected: v('pass', 'pass', 'pass', true),
    why: 'The retry is a replay: one execution, its receipt delivered by the replay, the state committed and matching.',
  },
]
