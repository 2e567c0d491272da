import { AgentTwinError } from '../core/errors.ts'

/** An adapter entry was imported and its framework (an optional peer) is not installed. */
export class MissingPeerError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MISSING_PEER'
  readonly entry: string
  readonly packages: readonly string[]

  /**
   * `tooOld`: the package is installed but lacks what the entry uses; the
   * range it needs, and what is missing from the installed one.
   */
  constructor(
    entry: string,
    packages: readonly string[],
    missing: string,
    tooOld?: { range: string; lacks: string },
  ) {
    super(
      tooOld
        ? {
            problem: `${entry} needs the package "${missing}" ${tooOld.range}; the installed one is older (it has no ${tooOld.lacks}).`,
            fix: `upgrade it beside agenttwin with npm i -D ${missing}@"${tooOld.range}"`,
          }
        : {
            problem: `${entry} needs the package "${missing}", which is not installed in this project.`,
            fix: `install it beside agenttwin with npm i -D ${packages.join(' ')}`,
          },
    )
    this.entry = entry
    this.packages = packages
  }
}

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
