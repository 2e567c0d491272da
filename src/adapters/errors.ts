import { AgentTwinError } from '../core/errors.ts'

/** An adapted agent got an input it cannot turn into a user message. */
export class AgentInputError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_AGENT_INPUT'

  constructor(agent: string, got: string) {
    super({
      problem: `Agent ${agent} got the input ${got}; an adapted agent needs the user's message.`,
      fix: 'give the scenario `input: { message: "..." }` (or a string), or a conversation of user turns.',
    })
  }
}

/** A framework tool handed to a `twinned...Tools` wrapper runs no code the twin could stand in for. */
export class ToolNotWrappableError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_TOOL_NOT_WRAPPABLE'
  readonly tool: string

  constructor(tool: string, why: string) {
    super({
      problem: `Tool "${tool}" cannot be pointed at a twin: ${why}.`,
      fix: 'wrap only the tools that run your code (an execute function); pass the others to the agent as they are.',
    })
    this.tool = tool
  }
}
