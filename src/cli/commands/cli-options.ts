import { relative } from 'node:path'
import {
  AgentTwinError,
  type DocumentProblem,
  formatProblem,
  InvalidDocumentError,
} from '../../core/errors.ts'
import type { CliCommand, CliIO } from '../command.ts'
import {
  CliUsageError,
  checkOptions,
  type OptionKinds,
  type ParsedOptions,
} from './option-checks.ts'

export type { OptionKind, OptionKinds, ParsedOptions } from './option-checks.ts'

/**
 * Reads `args` with the checks every verb's options get (see `checkOptions`):
 * a problem is returned as the sentence to print, never thrown.
 */
export function readOptions(
  args: string[],
  kinds: OptionKinds,
): ParsedOptions | { problem: string } {
  try {
    return checkOptions(args, kinds)
  } catch (error) {
    if (error instanceof CliUsageError) return { problem: error.message }
    throw error
  }
}

/** A string option's value, or `undefined` when not given. */
export function stringOption(options: ParsedOptions, name: string): string | undefined {
  const value = options.values[name]
  return typeof value === 'string' ? value : undefined
}

/** A whole number of at least `minimum`, or the sentence saying why the text is not one. */
export function integerOption(
  options: ParsedOptions,
  name: string,
  minimum: number,
): number | undefined | { problem: string } {
  const text = stringOption(options, name)
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < minimum || text.trim() === '') {
    return { problem: `--${name} ${text} is not a whole number of at least ${minimum}` }
  }
  return value
}

/** Prints a usage error (code `AGENTTWIN_CLI_USAGE`) with the verb's usage text; exit status 2. */
export function usageError(io: CliIO, verb: string, problem: string, usage: string): number {
  io.stderr(`agenttwin ${verb}: ${problem} [${CliUsageError.code}]\n\n${usage}\n`)
  return 2
}

function relativeProblem(cwd: string, problem: DocumentProblem): DocumentProblem {
  const path = relative(cwd, problem.file)
  return path && !path.startsWith('..') ? { ...problem, file: path } : problem
}

/**
 * Prints an AgentTwin error for a person: a document error as one
 * `file:line:col` line per problem (paths relative to the working
 * directory), any other as its message with its code. Exit status 2.
 * Errors that are not AgentTwin's are thrown on.
 */
export function reportError(io: CliIO, verb: string, error: unknown): number {
  if (error instanceof InvalidDocumentError) {
    const lines = error.problems.map((problem) => formatProblem(relativeProblem(io.cwd, problem)))
    const count = lines.length === 1 ? '1 problem' : `${lines.length} problems`
    io.stderr(`agenttwin ${verb}: ${count} [${error.code}]:\n${lines.join('\n')}\n`)
    return 2
  }
  if (error instanceof AgentTwinError) {
    io.stderr(`agenttwin ${verb}: ${error.message} [${error.code}]\n`)
    return 2
  }
  throw error
}

/** A verb as its parts: what it accepts and what it does with the parsed options. */
export interface VerbDefinition {
  name: string
  summary: string
  usage: string
  options: OptionKinds
  action(parsed: ParsedOptions, io: CliIO): Promise<number>
}

/**
 * Builds a command that reads its options strictly, answers `--help` with its
 * usage, and reports AgentTwin errors for a person (exit 2); the action only
 * does the verb's own work.
 */
export function defineVerb(verb: VerbDefinition): CliCommand {
  return {
    name: verb.name,
    summary: verb.summary,
    usage: verb.usage,
    options: verb.options,
    async run(args, io) {
      const parsed = readOptions(args, verb.options)
      if ('problem' in parsed) return usageError(io, verb.name, parsed.problem, verb.usage)
      if (parsed.values.help) {
        io.stdout(`${verb.usage}\n`)
        return 0
      }
      try {
        return await verb.action(parsed, io)
      } catch (error) {
        return reportError(io, verb.name, error)
      }
    },
  }
}

/**
 * The one `<twin-or-scenario>` a verb takes, or the exit code of the usage error it printed.
 * @example
 * const file = oneDocument(options, io, 'serve', USAGE); if (typeof file === 'number') return file
 */
export function oneDocument(
  options: ParsedOptions,
  io: CliIO,
  verb: string,
  usage: string,
): string | number {
  const [file] = options.positionals
  if (options.positionals.length === 1 && file !== undefined) return file
  const problem =
    options.positionals.length === 0
      ? 'missing <twin-or-scenario>'
      : `expected one document, got ${options.positionals.join(' ')}`
  return usageError(io, verb, problem, usage)
}
