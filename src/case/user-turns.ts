import { actorOf } from '../core/call-record.ts'
import type { AgentResult, CaseRun, CaseUser, ConversationEnd } from '../core/case-run.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { ConversationPlan } from '../scenario/conversation.ts'
import type { ConversationMessage } from '../scenario/types.ts'
import type { ScenarioDocument, UserActionDocument } from '../schema/scenario-document.ts'
import type { Twin } from '../twin/types.ts'
import type { UserAct, UserSimulator } from './user-simulator.ts'

/**
 * Whether a pair's candidate replays the baseline's simulated user. A pair of
 * two versions pins it, so a difference is the agent's unless the report says
 * otherwise; a version paired with itself does not, so its simulated user
 * answers on its own and the self-pair measures the simulator's noise beside
 * the agent's.
 * @example
 * pinsUser(pinned.document, { selfPair: true }) // false
 */
export function pinsUser(document: ScenarioDocument, pair: { selfPair: boolean }): boolean {
  return document.user !== undefined && !pair.selfPair
}

/** The user's side of one turn, or the end of the conversation. */
export type UserTurn =
  | { user: string; input: JsonValue; by?: 'script' | 'simulator' | 'baseline' }
  | { end: ConversationEnd; reason: string }

/** Plays the user's side of a conversation: scripted turns, simulated turns, the end rules. */
export interface UserTurns {
  /** The most turns the conversation can have. */
  readonly limit: number
  /** The user's turn `turn`, its actions made on the twin (in the turn already begun). */
  next(turn: number, messages: readonly ConversationMessage[]): Promise<UserTurn>
  /** After the agent answered turn `turn`: whether an end rule ends the conversation here. */
  after(turn: number, result: AgentResult | undefined): boolean
  /** The simulated user as the case keeps it (undefined without one). */
  finish(turnsPlayed: number, failed: boolean): CaseUser | undefined
}

export interface UserTurnsOptions {
  plan: ConversationPlan
  twin: Twin
  /** The simulator of `plan.user`. */
  simulator?: UserSimulator
  /** The baseline's run in a pair: its simulated turns are replayed while the conversation is the same. */
  pin?: CaseRun
}

/**
 * The user's side of a case. Scripted turns are played as written (their
 * actions first); a simulated turn is the baseline's when `pin` is given and
 * the conversation so far equals the baseline's, else the simulator's. The
 * conversation ends by a stated rule only: the simulator says its goal is
 * reached (`goal`), the agent handed off (`handoff`: its result says so, or a
 * handoff tool succeeded in the turn), the turn limit, or the script's end.
 */
export function createUserTurns(options: UserTurnsOptions): UserTurns {
  const { plan, twin, simulator, pin } = options
  const user = plan.user
  const endWhen = user?.endWhen ?? ['goal', 'handoff']
  let ended: CaseUser['ended'] | undefined
  const act: UserAct = (action) => userAction(twin, action)
  const goalEnds = endWhen.includes('goal')

  /**
   * The goal rule before a scripted turn of a conversation with a simulated
   * user: a goal reached after the agent's last reply ends it here, as it
   * would before a simulated turn. In a pair the baseline's answer is kept
   * while the conversation so far is the same.
   */
  async function goalBeforeScript(
    turn: number,
    messages: readonly ConversationMessage[],
  ): Promise<string | undefined> {
    if (!simulator || !goalEnds || turn === 1) return undefined
    const pinned = pin && sameSoFar(pin, turn, messages) ? pinnedEnd(pin, turn) : undefined
    if (pinned !== undefined) return pinned || undefined
    const reached = await simulator.reached({ turn, messages: messages.map((m) => ({ ...m })) })
    return reached?.reason
  }

  return {
    limit: plan.turns.length,
    async next(turn, messages) {
      const planned = plan.turns[turn - 1]
      if (!planned) return { end: 'turn-limit', reason: `the turn limit (${plan.turns.length})` }
      if (!('simulated' in planned)) {
        const reached = await goalBeforeScript(turn, messages)
        if (reached) {
          ended = { by: 'goal', turn: turn - 1, reason: reached }
          return { end: 'goal', reason: reached }
        }
        for (const action of planned.actions ?? []) act(action)
        return { user: planned.user, input: planned.input, ...(user && { by: 'script' as const }) }
      }
      const replayed = pin && pinnedTurn(pin, turn, messages)
      if (replayed && 'end' in replayed) {
        ended = { by: 'goal', turn: turn - 1, reason: replayed.reason }
        return replayed
      }
      if (replayed) {
        for (const action of replayed.actions) act(action)
        return {
          user: replayed.user,
          input: { ...planned.input, message: replayed.user },
          by: 'baseline',
        }
      }
      const move = await simulator!.next({ turn, messages: messages.map((m) => ({ ...m })) }, act)
      if ('done' in move) {
        ended = { by: 'goal', turn: turn - 1, reason: move.reason }
        return { end: 'goal', reason: move.reason }
      }
      return { user: move.say, input: { ...planned.input, message: move.say }, by: 'simulator' }
    },
    after(turn, result) {
      if (!user || !endWhen.includes('handoff')) return false
      const handedOff =
        result?.handoff === true ||
        twin
          .records()
          .some(
            (record) =>
              record.turn === turn &&
              actorOf(record) === 'agent' &&
              record.outcome === 'success' &&
              twin.tools.find((tool) => tool.name === record.tool)?.handoff === true,
          )
      if (!handedOff) return false
      ended = {
        by: 'handoff',
        turn,
        reason:
          result?.handoff === true
            ? `the agent's reply to turn ${turn} says it handed off`
            : `a handoff tool succeeded in turn ${turn}`,
      }
      return true
    },
    finish(turnsPlayed, failed) {
      if (!user || !simulator) return undefined
      const end: CaseUser['ended'] =
        ended ??
        (failed
          ? { by: 'error', turn: turnsPlayed, reason: `turn ${turnsPlayed} did not finish` }
          : {
              by: 'turn-limit',
              turn: turnsPlayed,
              reason: `the turn limit (maxTurns ${user.maxTurns})`,
            })
      return {
        simulator: simulator.kind,
        note: simulator.note,
        ...(simulator.model !== undefined && { model: simulator.model }),
        persona: user.persona,
        goal: user.goal,
        ended: end,
      }
    },
  }
}

/** A user action on the twin, recorded with `actor: user`; what the user's app shows. */
function userAction(
  twin: Twin,
  action: UserActionDocument,
): { status: number | null; body: JsonValue } {
  if (!twin.tools.some((tool) => tool.name === action.tool && tool.actor === 'user')) {
    // A model may name a tool it was not given: it has no such button, and nothing is recorded.
    return { status: 404, body: { error: 'no_such_user_tool', tool: action.tool } }
  }
  const { record } = twin.call({
    tool: action.tool,
    args: (action.args ?? {}) as JsonObject,
    actor: 'user',
  })
  return { status: record.status, body: record.response }
}

/**
 * The baseline's user turn `turn`, when the conversation so far (every user
 * message and agent reply before it) is the baseline's: its words and the
 * actions it took, or the baseline's goal end at this point.
 */
function pinnedTurn(
  baseline: CaseRun,
  turn: number,
  messages: readonly ConversationMessage[],
): { user: string; actions: UserActionDocument[] } | { end: 'goal'; reason: string } | undefined {
  if (!sameSoFar(baseline, turn, messages)) return undefined
  const theirs = baseline.conversation?.[turn - 1]
  if (!theirs) {
    const reason = pinnedEnd(baseline, turn)
    return reason ? { end: 'goal', reason } : undefined
  }
  if (theirs.by !== 'simulator' && theirs.by !== 'baseline') return undefined
  const actions = baseline.records
    .filter((record) => record.turn === turn && actorOf(record) === 'user')
    .map((record) => ({ tool: record.tool, args: structuredClone(record.args) }))
  return { user: theirs.user, actions }
}

/** Whether every user message and agent reply before turn `turn` is the baseline's. */
function sameSoFar(
  baseline: CaseRun,
  turn: number,
  messages: readonly ConversationMessage[],
): boolean {
  const turns = baseline.conversation ?? []
  for (let at = 0; at < turn - 1; at++) {
    const theirs = turns[at]
    if (!theirs || theirs.user !== messages[at * 2]?.content) return false
    if ((theirs.result?.reply ?? '') !== messages[at * 2 + 1]?.content) return false
  }
  return true
}

/**
 * How the baseline's user stood before turn `turn`: the reason it reached its
 * goal there, `''` when it played on, undefined when the baseline says neither.
 */
function pinnedEnd(baseline: CaseRun, turn: number): string | undefined {
  if (baseline.conversation?.[turn - 1]) return ''
  const end = baseline.user?.ended
  if (end?.by === 'goal' && end.turn === turn - 1) return `${end.reason} (the baseline's user)`
  return undefined
}
