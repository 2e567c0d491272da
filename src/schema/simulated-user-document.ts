/**
 * The simulated user of a `scenario.v1` conversation, as TypeScript types;
 * mirrors `simulated-user-schema.ts`.
 */
import type { JsonObject } from '../core/json.ts'

/** How a simulated user's conversation may end before its turn limit; the limit always ends it. */
export type UserEndRule = 'goal' | 'handoff'

/** An action of the user on a tool the twin marks `actor: user` (dual control). */
export interface UserActionDocument {
  /** A tool of the twin marked `actor: user`. */
  tool: string
  /** Its arguments; `{fact}` in a string is replaced by the user's fact of that name. */
  args?: JsonObject
}

/** One reply rule of the deterministic simulator: when the agent's reply matches, say this. */
export interface UserReplyRule {
  /** A case-insensitive regular expression read against the agent's last reply. */
  when: string
  /** What the user says; `{fact}` is replaced by the fact of that name (`knows` or `private`). */
  say: string
  /** Actions the user takes before saying it. */
  actions?: UserActionDocument[]
}

/** The deterministic simulator: replies keyed by what the agent asked, as data. Not a language model. */
export interface UserRepliesDocument {
  /** The user's first message, when the conversation opens with a simulated turn. */
  opening?: string
  /** Tried in order; the first whose `when` matches the agent's reply answers. */
  rules?: UserReplyRule[]
  /** Said when no rule matches. It may not name a private fact: that is said only when asked. */
  fallback: string
  /** The goal is reached when the agent's reply matches `when`; the conversation ends there. */
  done: { when: string }
}

/** A simulated user driven by a language model over an OpenAI-compatible Chat Completions API. */
export interface UserModelDocument {
  /** The model name sent to the API, e.g. gpt-4.1-mini. */
  model: string
  /** The API's base URL. Default: AGENTTWIN_USER_MODEL_URL, else https://api.openai.com/v1. */
  baseUrl?: string
  /** Default 0. */
  temperature?: number
}

/** The simulated user of a conversation: who it is, what it wants and knows, and how it ends. */
export interface SimulatedUserDocument {
  /** Who the user is, in a sentence (the model's system prompt; shown in reports). */
  persona: string
  /** What the user wants from the agent. */
  goal: string
  /** Facts the user knows and shares (an order id, an amount). */
  knows?: JsonObject
  /** Facts the user knows but gives only when the agent asks for them. */
  private?: JsonObject
  /** The most user turns the conversation has, scripted ones included. */
  maxTurns: number
  /** What ends the conversation before the limit. Default: goal and handoff. */
  endWhen?: UserEndRule[]
  /** The deterministic simulator. Give `replies` or `model`. */
  replies?: UserRepliesDocument
  /** A language model. Give `replies` or `model`. */
  model?: UserModelDocument
}
