// The words of a divergence that a conversation adds: a side that ended its
// turn while the other kept calling, a user who said something else to each
// side, a side whose conversation stopped while the other's went on.

import { quoteReply, replyAsks } from '../evaluate/turn-claims.ts'
import { plural } from './format.ts'
import type { CallStep, OutcomeStep, Step, TurnStep } from './steps.ts'

type Side = 'baseline' | 'candidate'

/** The turn step of `turn` on one side, if the side reached it. */
function turnStepOf(steps: readonly Step[], turn: number): TurnStep | undefined {
  return steps.find((step): step is TurnStep => step.kind === 'turn' && step.turn === turn)
}

/** `asked the user "Which order is it?"` or `replied "Done."`: how a side ended a turn. */
export function endedTurnWords(steps: readonly Step[], turn: number): string {
  const reply = turnStepOf(steps, turn)?.reply
  if (reply === undefined) return `ended turn ${turn} without a reply`
  return replyAsks(reply) ? `asked the user ${quoteReply(reply)}` : `replied ${quoteReply(reply)}`
}

/** The calls a side made in one turn. */
function callsInTurn(steps: readonly Step[], turn: number): number {
  return steps.filter((step) => step.kind === 'call' && step.turn === turn).length
}

/** The turn a step stands in: a call's own, or for a turn step the turn it closes. */
export function turnAt(step: Step): number | undefined {
  if (step.kind === 'call') return step.turn
  if (step.kind === 'turn') return step.turn - 1
  return undefined
}

/** `turn-ended`: one side replied and waited for the user, the other called again in that turn. */
export function turnEndedDetail(
  ended: { side: Side; steps: readonly Step[] },
  going: { side: Side; steps: readonly Step[]; call: CallStep; act: string },
  turn: number,
): string {
  const calls = callsInTurn(ended.steps, turn)
  const made = calls === 0 ? 'without a tool call' : `after ${plural(calls, 'tool call')} in it`
  let text = `The ${ended.side} ended turn ${turn} ${made} and waited for the user's answer; the ${going.side} went on in the same turn and ${going.act}.`
  const own = turnStepOf(going.steps, turn)?.reply
  if (own !== undefined && replyAsks(own)) {
    text += ` The ${going.side}'s own reply in that turn then asked the user ${quoteReply(own)}.`
  }
  return text
}

/** `user`: the sides heard different messages in the same turn. */
export function userSentence(at: string, baseline: TurnStep, candidate: TurnStep) {
  return {
    sentence: `${at} the user said ${quoteReply(baseline.user)} to the baseline and ${quoteReply(candidate.user)} to the candidate.`,
    detail: `Every step before this one matched. From turn ${baseline.turn} the two sides heard different user messages, so a later difference may come from the user, not only from the agent.`,
  }
}

/** `stopped-earlier` in a conversation: one side's conversation ended, the other's went on to another turn. */
export function stoppedBeforeTurnDetail(
  stopped: { side: Side; step: OutcomeStep },
  going: { side: Side; steps: readonly Step[]; step: TurnStep },
): string {
  const error = stopped.step.error
  const why = stopped.step.finished
    ? ''
    : ` without finishing (${error?.kind ?? 'no result'}${error ? `: ${error.message}` : ''})`
  const turns = going.steps.filter((step) => step.kind === 'turn').length
  return `The ${stopped.side}'s conversation stopped after turn ${going.step.turn - 1}${why}; the ${going.side}'s went on to turn ${going.step.turn}, ${plural(turns, 'turn')} in all.`
}
