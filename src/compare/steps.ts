import type { CallRecord, RecordedFault, StateChange } from '../core/call-record.ts'
import { sortKeys } from '../core/canonical-json.ts'
import type { CaseError, CaseRun, CaseTurn, ClaimedOutcome } from '../core/case-run.ts'
import { turnOf } from '../core/conversation.ts'
import type { DependencyEffect } from '../core/fault-model.ts'
import type { JsonObject } from '../core/json.ts'
import type { RiskLevel } from '../core/risk.ts'
import { handoffTools, isHandoff } from '../evaluate/handoff.ts'

/**
 * What the caller saw, in four classes: a 2xx (or other non-error status),
 * a 4xx, a 5xx, or no status at all (connection error, no response).
 */
export type ResultClass = 'success' | 'client-error' | 'server-error' | 'no-response'

/**
 * A decision taken by a rule rather than by plain tool work:
 * - `rejected`: the twin's own answer (before any fault changed what the caller
 *   saw) was a 4xx: a precondition, a not-found, a conflict or invalid input.
 *   A 4xx that only a fault produced (429, 401, 409 in flight) is not one.
 * - `handoff`: the case went to a human, by the `handoff` expectation's own
 *   rules (`handoffTools`, `isHandoff`): a call to a tool the twin declares
 *   with `handoff: true` that the twin carried out.
 */
export type PolicyDecision = { kind: 'rejected'; status: number } | { kind: 'handoff' }

/** The state effect of one call, from the twin's record. */
export interface StepEffect {
  /** Changes this call made (before/after per path). */
  changes: StateChange[]
  /** Answered from the idempotency store, with no second effect. */
  replay: boolean
  /** Effects a deferred fault staged instead of applying them now. */
  deferred?: { changes: StateChange[]; committed: boolean }
}

/** One tool call as a normalized step. */
export interface CallStep {
  kind: 'call'
  /** 1-based position in the trajectory. */
  step: number
  /** The twin's sequence number of the call. */
  seq: number
  /** In a conversation: the user turn the call was made in. */
  turn?: number
  tool: string
  risk: RiskLevel
  /** Arguments as recorded, keys sorted at every depth. */
  args: JsonObject
  /** The tool's idempotency argument, when it declares one. */
  idempotencyArgument?: string
  result: ResultClass
  /** What the caller saw; `null` when no status arrived. */
  status: number | null
  fault?: { type: string; dependency: DependencyEffect; caller: RecordedFault['caller'] }
  effect: StepEffect
  policy?: PolicyDecision
}

/** The last step of every trajectory: what the agent reported, or that it did not finish. */
export interface OutcomeStep {
  kind: 'outcome'
  step: number
  finished: boolean
  /** The claimed outcome; absent when the case did not finish. */
  outcome?: ClaimedOutcome
  /** Why the case did not finish. */
  error?: CaseError
}

/**
 * In a conversation: a user turn begins. It stands before the calls of its
 * turn, so the lockstep walk sees where each side ended a turn and what the
 * user said next. Only `user` is compared; the agent's reply is carried for
 * the sentences and reports (its wording is not a step of the trajectory).
 */
export interface TurnStep {
  kind: 'turn'
  step: number
  /** 1-based. */
  turn: number
  /** The user's message of this turn. */
  user: string
  /** The agent's reply at the end of this turn; absent when the turn did not finish. */
  reply?: string
}

export type Step = CallStep | TurnStep | OutcomeStep

function turnStep(turn: CaseTurn, step: number): TurnStep {
  const reply = turn.result?.reply
  return {
    kind: 'turn',
    step,
    turn: turn.turn,
    user: turn.user,
    ...(reply !== undefined && { reply }),
  }
}

/** The four result classes, from the status the caller saw. */
export function resultClassOf(status: number | null): ResultClass {
  if (status === null) return 'no-response'
  if (status >= 500) return 'server-error'
  if (status >= 400) return 'client-error'
  return 'success'
}

function policyOf(record: CallRecord, handoffs: readonly string[]): PolicyDecision | undefined {
  const own = record.twinAnswer.status
  if (own >= 400 && own < 500) return { kind: 'rejected', status: own }
  if (handoffs.includes(record.tool) && isHandoff(record)) return { kind: 'handoff' }
  return undefined
}

function toCallStep(
  record: CallRecord,
  step: number,
  run: CaseRun,
  handoffs: readonly string[],
): CallStep {
  const tool = run.tools.find((candidate) => candidate.name === record.tool)
  const callStep: CallStep = {
    kind: 'call',
    step,
    seq: record.seq,
    ...(record.turn !== undefined && { turn: record.turn }),
    tool: record.tool,
    risk: record.risk,
    args: sortKeys(record.args) as JsonObject,
    result: resultClassOf(record.status),
    status: record.status,
    effect: { changes: record.changes, replay: record.replay },
  }
  if (tool?.idempotencyArgument) callStep.idempotencyArgument = tool.idempotencyArgument
  if (record.fault) {
    const { type, dependency, caller } = record.fault
    callStep.fault = { type, dependency, caller }
  }
  if (record.deferred) {
    callStep.effect.deferred = {
      changes: record.deferred.changes,
      committed: record.deferred.committed,
    }
  }
  const policy = policyOf(record, handoffs)
  if (policy) callStep.policy = policy
  return callStep
}

/**
 * Turns a case into its normalized trajectory: one step per twin record, in
 * sequence order, then one outcome step; in a conversation each turn's calls
 * follow a turn step with the user's message. Built from the twin's records
 * and the case's turns; the agent's own list of tool calls is never read.
 * @example
 * toSteps(run).map((s) => (s.kind === 'call' ? s.tool : s.outcome))
 * // ['lookup_order', 'get_refund_policy', 'refund_payment', 'SUCCESS']
 */
export function toSteps(run: CaseRun): Step[] {
  const records = [...run.records].sort((a, b) => a.seq - b.seq)
  const handoffs = handoffTools(run)
  const steps: Step[] = []
  const calls = (list: readonly CallRecord[]) => {
    for (const record of list) steps.push(toCallStep(record, steps.length + 1, run, handoffs))
  }
  if (run.conversation) {
    for (const turn of run.conversation) {
      steps.push(turnStep(turn, steps.length + 1))
      calls(records.filter((record) => turnOf(record) === turn.turn))
    }
    // A record of a turn the case does not list still is evidence: it is kept, after the turns.
    const listed = new Set(run.conversation.map((turn) => turn.turn))
    calls(records.filter((record) => !listed.has(turnOf(record))))
  } else {
    calls(records)
  }
  const outcome: OutcomeStep = { kind: 'outcome', step: steps.length + 1, finished: run.finished }
  if (run.finished && run.result) outcome.outcome = run.result.outcome
  if (run.error) outcome.error = run.error
  steps.push(outcome)
  return steps
}
