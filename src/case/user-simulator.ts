import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'
import type { ConversationMessage } from '../scenario/types.ts'
import type {
  SimulatedUserDocument,
  UserActionDocument,
  UserRepliesDocument,
} from '../schema/scenario-document.ts'
import { FACT_PLACEHOLDER } from '../schema/simulated-user-checks.ts'

/** Shown wherever the deterministic simulator appears (CaseRun, reports), as the fake judge's note is. */
export const DETERMINISTIC_USER_NOTE =
  "not a language model: deterministic replies keyed by the agent's words"

/** What a simulated user sees: the conversation only, never the twin's state. */
export interface UserView {
  /** The turn it writes (1-based). */
  turn: number
  /** The conversation so far, oldest first: `user` its own messages, `assistant` the agent's. */
  messages: readonly ConversationMessage[]
}

/** The simulated user's next move: a message, or its goal is reached. */
export type UserMove = { say: string } | { done: true; reason: string }

/** Lets the simulated user act on a tool the twin marks as the user's; answers what its app shows. */
export type UserAct = (action: UserActionDocument) => { status: number | null; body: JsonValue }

/** A simulated user: it writes the user's turns of a conversation. */
export interface UserSimulator {
  readonly kind: 'deterministic' | 'language-model'
  /** Shown beside everything it wrote. */
  readonly note: string
  readonly model?: string
  next(view: UserView, act: UserAct): Promise<UserMove>
  /**
   * Before a scripted turn: whether the goal is already reached, by the same
   * rule `next` ends on. It neither speaks nor acts; the script speaks next
   * when the answer is undefined.
   */
  reached(view: UserView): Promise<{ reason: string } | undefined>
}

/** The user's facts, `knows` and `private` together (the checks keep their names apart). */
export function userFacts(user: SimulatedUserDocument): JsonObject {
  return { ...(user.knows ?? {}), ...(user.private ?? {}) }
}

/**
 * Replaces `{fact}` in every string of `value` with the user's fact: a string
 * that is exactly one placeholder takes the fact's value as it is (a number
 * stays a number). The document checks reject names of no fact.
 * @example
 * withFacts('It is {order_id}.', { order_id: 'ORD-1001' }) // 'It is ORD-1001.'
 */
export function withFacts(value: JsonValue, facts: JsonObject): JsonValue {
  if (typeof value === 'string') {
    const whole = /^\{([A-Za-z_][A-Za-z0-9_-]*)\}$/.exec(value)
    if (whole && Object.hasOwn(facts, whole[1]!)) return structuredClone(facts[whole[1]!]!)
    return value.replace(FACT_PLACEHOLDER, (text, name: string) =>
      Object.hasOwn(facts, name) ? factText(facts[name]!) : text,
    )
  }
  if (Array.isArray(value)) return value.map((item) => withFacts(item, facts))
  if (isJsonObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withFacts(item, facts)]),
    )
  }
  return value
}

function factText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * The deterministic simulated user: NOT a language model. It reads the
 * agent's last reply: `done.when` matching ends the conversation (goal
 * reached); else the first rule whose `when` matches answers with its `say`
 * (after its actions); else the fallback. The opening is its first message.
 * Same conversation in, same turn out, always.
 * @example
 * const user = createReplySimulator(document.user)
 * await user.next({ turn: 2, messages }, act) // { say: 'It is ORD-1001.' }
 */
export function createReplySimulator(user: SimulatedUserDocument): UserSimulator {
  const replies = user.replies as UserRepliesDocument
  const facts = userFacts(user)
  // Without the goal rule (`endWhen`), reaching the goal ends nothing: the rules answer on.
  const done = (user.endWhen ?? ['goal']).includes('goal')
    ? new RegExp(replies.done.when, 'i')
    : undefined
  const rules = (replies.rules ?? []).map((rule) => ({
    ...rule,
    pattern: new RegExp(rule.when, 'i'),
  }))
  const lastReply = (view: UserView) =>
    [...view.messages].reverse().find((message) => message.role === 'assistant')
  const reachedBy = (reply: ConversationMessage | undefined) =>
    reply && done?.test(reply.content)
      ? { reason: `the agent's reply matched done.when /${replies.done.when}/` }
      : undefined
  return {
    kind: 'deterministic',
    note: DETERMINISTIC_USER_NOTE,
    async next(view, act) {
      const last = lastReply(view)
      if (!last) return { say: withFacts(replies.opening ?? replies.fallback, facts) as string }
      const reached = reachedBy(last)
      if (reached) return { done: true, ...reached }
      const rule = rules.find((candidate) => candidate.pattern.test(last.content))
      if (!rule) return { say: withFacts(replies.fallback, facts) as string }
      for (const action of rule.actions ?? []) act(withFacts(action as never, facts) as never)
      return { say: withFacts(rule.say, facts) as string }
    },
    async reached(view) {
      return reachedBy(lastReply(view))
    },
  }
}
