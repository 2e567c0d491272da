import { canonicalJson } from '../core/canonical-json.ts'
import { isJsonObject, type JsonValue } from '../core/json.ts'
import type { ScenarioDocument } from '../schema/scenario-document.ts'

/** One user turn as the runner plays it: the user's words and what the agent is handed. */
export interface ScriptedTurn {
  user: string
  input: JsonValue
}

/**
 * The user turns of a scenario, in order. A conversation's turn hands the
 * agent `{ ...input, message: user }`; a one-turn (`input`) scenario is a
 * conversation of one turn whose input is handed as it is, and whose user
 * message is its `message` (or the input itself when that is text).
 * @example
 * scriptedTurns(document).map((turn) => turn.user) // ['I want a refund', 'ORD-1001', 'Yes, go ahead']
 */
export function scriptedTurns(document: ScenarioDocument): ScriptedTurn[] {
  if (document.conversation) {
    return document.conversation.map((turn) => ({
      user: turn.user,
      input: { ...structuredClone(turn.input ?? {}), message: turn.user },
    }))
  }
  const input = document.input ?? null
  return [{ user: userMessageOf(input), input }]
}

/** The user's words in a one-turn input: `message` when there is one, else the input as text. */
export function userMessageOf(input: JsonValue): string {
  if (typeof input === 'string') return input
  if (isJsonObject(input) && typeof input.message === 'string') return input.message
  return canonicalJson(input)
}
