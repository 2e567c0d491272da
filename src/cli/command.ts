/** Where a command writes; tests pass their own to capture output. */
export interface CliIO {
  stdout(text: string): void
  stderr(text: string): void
  /** The directory relative paths are resolved against. */
  cwd: string
}

import type { OptionKinds } from './commands/option-checks.ts'

/** One verb of the `agenttwin` command. Returns the process exit code. */
export interface CliCommand {
  name: string
  /** One line for `agenttwin --help`. */
  summary: string
  /** Usage text for `agenttwin <name> --help`. */
  usage: string
  /** Every option the verb takes: each gets the same checks (`checkOptions`) before the verb runs. */
  options: OptionKinds
  run(args: string[], io: CliIO): Promise<number>
}
