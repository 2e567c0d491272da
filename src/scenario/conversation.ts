import { canonicalJson } from '../core/canonical-json.ts'
import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'
import type {
  ScenarioDocument,
  SimulatedUserDocument,
  UserActionDocument,
} from '../schema/scenario-document.ts'

/** One user turn as the runner plays it: the user's words and what the agent is handed. */
export interface ScriptedTurn {
  user: string
  input: JsonValue
  /** The scripted user's actions before its message (dual control). */
  actions?: UserActionDocument[]
}

/** A turn the simulated user writes; `input` holds the turn's other input fields. */
export interface SimulatedTurn {
  simulated: true
  input: JsonObject
}

/** The turns of a scenario as the runner plays them, up to the turn limit. */
export interface ConversationPlan {
  /** The listed turns, then simulated turns up to the simulated user's `maxTurns`. */
  turns: Array<ScriptedTurn | SimulatedTurn>
  /** The scenario's simulated user, when it has one. */
  user?: SimulatedUserDocument
}

/**
 * The user turns of a scenario, in order: scripted turns as written, the
 * simulated user's turns where the list says `simulated: true`, and after the
 * list simulated turns up to its `maxTurns`. A conversation's scripted turn
 * hands the agent `{ ...input, message: user }`; a one-turn (`input`)
 * scenario is a conversation of one turn whose input is handed as it is.
 * @example
 * conversationPlan(document).turns.length // 3
 */
export function conversationPlan(document: ScenarioDocument): ConversationPlan {
  const user = document.user
  if (!document.conversation && !user) {
    const input = document.input ?? null
    return { turns: [{ user: userMessageOf(input), input }] }
  }
  const turns: ConversationPlan['turns'] = (document.conversation ?? []).map((turn) => {
    const input = structuredClone(turn.input ?? {})
    if (turn.user === undefined) return { simulated: true, input }
    return {
      user: turn.user,
      input: { ...input, message: turn.user },
      ...(turn.actions && { actions: structuredClone(turn.actions) }),
    }
  })
  while (user && turns.length < user.maxTurns) turns.push({ simulated: true, input: {} })
  return { turns, ...(user && { user }) }
}

/**
 * The scripted user turns of a scenario without a simulated user, in order.
 * @example
 * scriptedTurns(document).map((turn) => turn.user) // ['I want a refund', 'ORD-1001', 'Yes, go ahead']
 */
export function scriptedTurns(document: ScenarioDocument): ScriptedTurn[] {
  return conversationPlan(document).turns.filter(
    (turn): turn is ScriptedTurn => !('simulated' in turn),
  )
}

/** The user's words in a one-turn input: `message` when there is one, else the input as text. */
export function userMessageOf(input: JsonValue): string {
  if (typeof input === 'string') return input
  if (isJsonObject(input) && typeof input.message === 'string') return input.message
  return canonicalJson(input)
}
