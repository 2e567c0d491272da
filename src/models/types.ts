import type { ModelMode, ModelUsage } from '../core/model-usage.ts'

export const MODEL_MODES: readonly ModelMode[] = ['live', 'record', 'replay', 'auto', 'off']

/** A JSON value as it is kept in a cassette. */
export type CassetteJson =
  | null
  | boolean
  | number
  | string
  | CassetteJson[]
  | { [key: string]: CassetteJson }

/** A request in the form it is matched and stored in: no headers, sorted body keys, secrets replaced. */
export interface CanonicalRequest {
  method: string
  url: string
  body: CassetteJson
}

/** One server-sent event, in the order the provider sent it. `data` is parsed JSON when it is JSON. */
export interface SseEvent {
  event?: string
  data: CassetteJson
}

export interface RecordedResponse {
  status: number
  headers: Record<string, string>
  /** The body of a plain answer (parsed JSON when it is JSON). */
  body?: CassetteJson
  /** The events of a streamed (text/event-stream) answer. */
  events?: SseEvent[]
}

export interface Interaction {
  request: CanonicalRequest
  response: RecordedResponse
  usage: ModelUsage
}

/** One file per case, agent version and trial. */
export interface Cassette {
  schema: 'agenttwin/cassette.v1'
  case: string
  agent: { name: string; version: string }
  trial: number
  interactions: Interaction[]
}

/** Price per million tokens, per model name. */
export type PriceTable = Record<string, { input: number; output: number; cached?: number }>

/**
 * The `models` option of `agentTwin()`, scenario runs and `useTwin`.
 * @example
 * agentTwin({ models: { mode: 'auto', hosts: ['api.openai.com', 'http://127.0.0.1:11434/v1'] } })
 */
export interface ModelsOptions {
  /** Default `replay` when `CI` is set, else `auto`; `AGENTTWIN_MODELS` and `--models` override it. */
  mode?: ModelMode
  /** Model hosts or OpenAI-compatible base URLs. Default `api.openai.com` and `api.anthropic.com`. */
  hosts?: readonly string[]
  /** Where cassettes live. Default `__cassettes__` beside the scenario file (or the working directory). */
  cassetteDir?: string
  /**
   * More fields replaced by `[redacted]` before anything is stored, on top of the
   * built-in policy (credential names such as `api_key`, `password`, `sig`, and
   * value shapes such as `sk-…` keys and JWTs): a name (`customer_note`: that body
   * field at any depth, header or query parameter, any case and separator) or a
   * body path from the root (`metadata.note`, `messages.*.name`; `*` is any key or index).
   */
  redact?: readonly string[]
  /**
   * Fields stored as they are, exempt from the built-in names and shapes and
   * from `redact`: names or body paths as in `redact` (e.g. `session_id`).
   */
  keep?: readonly string[]
  /** Request body fields dropped before matching and storing, because they change from run to run. */
  volatile?: readonly string[]
  /** Prices in USD per million tokens, to show a cost beside the verdict. */
  prices?: PriceTable
}
