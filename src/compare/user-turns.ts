/**
 * Who a difference in a simulated conversation comes from: the agent, or the
 * simulated user. Reads both sides' conversations; the lockstep walk and the
 * renderers show what this module says, they do not decide it again.
 */
import { actorOf } from '../core/call-record.ts'
import { canonicalJson } from '../core/canonical-json.ts'
import type { CaseRun } from '../core/case-run.ts'
import { turnOf } from '../core/conversation.ts'

/** The first user turn that differs between two sides of a simulated conversation. */
export interface UserTurnDivergence {
  /** The first turn whose user message differs (1-based). */
  turn: number
  /** The baseline's user message of that turn; absent when its conversation had ended before it. */
  baseline?: string
  /** The candidate's user message of that turn; absent when its conversation had ended before it. */
  candidate?: string
  /**
   * `simulator`: every turn before it was the same on both sides (the users'
   * messages, the agents' replies and calls), so the simulated user answered
   * the same conversation differently: the agent did not cause it.
   * `agent`: an agent's turn before it differed (`agentTurn`), so the user
   * answered a different conversation.
   */
  cause: 'simulator' | 'agent'
  /** With `agent`: the first turn whose agent reply or calls differed. */
  agentTurn?: number
  /** One sentence for reports: `The simulated user's turn 3 differs: …`. */
  sentence: string
}

/**
 * The first turn where the simulated user answered differently on the two
 * sides of a pair, and whether the difference is the simulator's or follows
 * from the agents'. `undefined` when neither side has a simulated user or
 * the users' turns are the same throughout.
 * @example
 * userTurnDivergence(baseline, candidate)?.sentence
 * // "The simulated user's turn 3 differs: the baseline's user said "It is ORD-1.", the candidate's "Yes."; the candidate's agent answered turn 2 differently ..."
 */
export function userTurnDivergence(
  baseline: CaseRun,
  candidate: CaseRun,
): UserTurnDivergence | undefined {
  if (!baseline.user && !candidate.user) return undefined
  const theirs = baseline.conversation ?? []
  const ours = candidate.conversation ?? []
  const last = Math.max(theirs.length, ours.length)
  for (let turn = 1; turn <= last; turn++) {
    const before = theirs[turn - 1]?.user
    const after = ours[turn - 1]?.user
    if (before === after) continue
    const agentTurn = firstAgentDifference(baseline, candidate, turn - 1)
    const divergence: UserTurnDivergence = {
      turn,
      ...(before !== undefined && { baseline: before }),
      ...(after !== undefined && { candidate: after }),
      cause: agentTurn === undefined ? 'simulator' : 'agent',
      ...(agentTurn !== undefined && { agentTurn }),
      sentence: '',
    }
    divergence.sentence = sentenceOf(divergence, baseline, candidate)
    return divergence
  }
  return undefined
}

/**
 * Where two runs of one conversation first part, and whose doing it is:
 * `simulator` when the simulated user answered the same conversation
 * differently, `agent` when an agent's reply or calls differed first, `same`
 * when every turn is the same on both sides.
 * @example
 * firstParting(trial1.run, trial2.run) // 'simulator'
 */
export function firstParting(
  baseline: CaseRun,
  candidate: CaseRun,
): 'same' | 'simulator' | 'agent' {
  const users = userTurnDivergence(baseline, candidate)
  if (users) return users.cause
  const turns = Math.max(baseline.conversation?.length ?? 0, candidate.conversation?.length ?? 0)
  return firstAgentDifference(baseline, candidate, turns) === undefined ? 'same' : 'agent'
}

/** The first of turns 1..`upTo` whose agent reply or agent calls differ, if any. */
function firstAgentDifference(
  baseline: CaseRun,
  candidate: CaseRun,
  upTo: number,
): number | undefined {
  for (let turn = 1; turn <= upTo; turn++) {
    const reply = (run: CaseRun) => run.conversation?.[turn - 1]?.result?.reply
    if (reply(baseline) !== reply(candidate)) return turn
    if (agentCalls(baseline, turn) !== agentCalls(candidate, turn)) return turn
  }
  return undefined
}

function agentCalls(run: CaseRun, turn: number): string {
  return canonicalJson(
    run.records
      .filter((record) => turnOf(record) === turn && actorOf(record) === 'agent')
      .map((record) => ({ tool: record.tool, args: record.args })),
  )
}

function quote(text: string | undefined, run: CaseRun): string {
  if (text !== undefined) return `"${clip(text)}"`
  const end = run.user?.ended
  return end ? `nothing (its conversation ended after turn ${end.turn}: ${end.by})` : 'nothing'
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
}

function sentenceOf(divergence: UserTurnDivergence, baseline: CaseRun, candidate: CaseRun): string {
  const { turn } = divergence
  const head = `The simulated user's turn ${turn} differs: the baseline's user said ${quote(divergence.baseline, baseline)}, the candidate's ${quote(divergence.candidate, candidate)}`
  if (divergence.cause === 'simulator') {
    return `${head}. The agents' replies and calls before it were the same, so the difference is the simulator's, not the agent's.`
  }
  const at = divergence.agentTurn!
  const reply = (run: CaseRun) => run.conversation?.[at - 1]?.result?.reply
  const said = reply(baseline) === reply(candidate) ? 'called other tools' : 'replied differently'
  return `${head}, after the agents ${said} in turn ${at} (the baseline's agent: ${quote(reply(baseline), baseline)}; the candidate's: ${quote(reply(candidate), candidate)}), so it follows from the agent.`
}
