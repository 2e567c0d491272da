import { AgentTwinError } from '../core/errors.ts'
import type { JsonValue } from '../core/json.ts'

/** What the caller of an in-process tool was shown when the call failed. */
export interface ToolFailure {
  tool: string
  /** The status the twin (or a fault) answered with; `null` when no answer arrived. */
  status: number | null
  /** The body as the caller saw it: parsed JSON, raw text, or `null`. */
  body: JsonValue
  /** For a connection error: its errno-style code (`ECONNRESET`, ...). */
  connection?: string
  /** The answer was cut short of its announced length. */
  truncated?: boolean
  /** The text a model reads (the body, with any `retry-after`). */
  text: string
}

/**
 * Thrown by an in-process twin tool when the caller is shown a failure: a
 * 4xx/5xx answer, a connection error, a truncated answer. Its message is what
 * a model reads, so a framework that turns a thrown tool error into a tool
 * result shows the model the same body an HTTP client would have read.
 */
export class TwinToolError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_TOOL_CALL_FAILED'
  readonly tool: string
  readonly status: number | null
  readonly body: JsonValue
  /** For a connection error: `ECONNREFUSED`, `ECONNRESET` or `EPIPE` (as Node's `err.code`). */
  readonly connection?: string
  readonly truncated: boolean

  constructor(failure: ToolFailure) {
    const what =
      failure.status === null
        ? 'failed'
        : failure.truncated
          ? `answered ${failure.status}, cut off before the whole answer arrived`
          : `answered ${failure.status}`
    const problem = `Tool "${failure.tool}" ${what}: ${failure.text}`
    super({
      problem,
      fix: 'read the answer; a 4xx asks for different arguments, a 5xx, a 429 or a connection error may pass on a retry.',
      message: problem,
    })
    this.tool = failure.tool
    this.status = failure.status
    this.body = failure.body
    if (failure.connection !== undefined) this.connection = failure.connection
    this.truncated = failure.truncated ?? false
  }
}

/** An in-process tool built from a twin document, called where no case serves that twin. */
export class NoTwinInContextError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_NO_TWIN_IN_CONTEXT'
  readonly twin: string
  readonly tool: string

  constructor(twin: string, tool: string, serving: readonly string[]) {
    const here =
      serving.length === 0
        ? 'no twin serves this call (no case, scenario test or useTwin block is running here)'
        : `only ${serving.map((name) => `"${name}"`).join(', ')} serve this call`
    super({
      problem: `Tool "${tool}" of twin "${twin}" was called in-process, but ${here}.`,
      fix: `run the agent through AgentTwin (runCase, a scenario test or useTwin with twin "${twin}"), or build the tools from a live twin: twinTools(twin).`,
    })
    this.twin = twin
    this.tool = tool
  }
}
