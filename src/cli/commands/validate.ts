import { relative, resolve } from 'node:path'
import { type DocumentProblem, formatProblem } from '../../core/errors.ts'
import { API_VERSIONS } from '../../schema/api-versions.ts'
import { validateDocumentFile } from '../../schema/document-kinds.ts'
import type { CliCommand, CliIO } from '../command.ts'
import { readOptions, usageError } from './cli-options.ts'

const USAGE = `Usage: agenttwin validate <files...>

Checks AgentTwin documents and prints every problem as file:line:col.
The kind of each file comes from its apiVersion (${Object.keys(API_VERSIONS).join(', ')}).
A scenario is checked together with the twin it uses.

Exit status: 0 when every file is valid, 1 when any problem was found,
2 on a usage error (no files, unknown option).

Example (in a project set up by \`agenttwin init\`):
  agenttwin validate twins/*.yaml scenarios/*.yaml`

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/** `2 files valid, 1 file with 3 problems`. */
export function summaryLine(valid: number, invalid: number, problems: number): string {
  const head = `${plural(valid, 'file')} valid`
  return invalid === 0
    ? head
    : `${head}, ${plural(invalid, 'file')} with ${plural(problems, 'problem')}`
}

function parseArgs(args: string[]): { files: string[] } | { error: string } | { help: true } {
  const parsed = readOptions(args, {})
  if ('problem' in parsed) return { error: parsed.problem }
  if (parsed.values.help) return { help: true }
  return parsed.positionals.length === 0
    ? { error: 'no files given' }
    : { files: parsed.positionals }
}

/**
 * `agenttwin validate <files...>`: every problem of every file, then a summary.
 * A problem shared by several files (a twin used by many scenarios) prints once.
 * @example
 * await validateCommand.run(['twin.yaml', 'refund.scenario.yaml'], io) // 0, 1 or 2
 */
export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check twin, scenario and contract documents; print every problem as file:line:col',
  usage: USAGE,
  options: {},
  async run(args: string[], io: CliIO): Promise<number> {
    const parsed = parseArgs(args)
    if ('help' in parsed) {
      io.stdout(`${USAGE}\n`)
      return 0
    }
    if ('error' in parsed) return usageError(io, 'validate', parsed.error, USAGE)
    const files = [...new Set(parsed.files.map((file) => resolve(io.cwd, file)))]
    const printed = new Set<string>()
    const distinct = new Set<string>()
    let valid = 0
    let invalid = 0
    for (const file of files) {
      const { problems } = await validateDocumentFile(file)
      if (problems.length === 0) {
        valid++
        continue
      }
      invalid++
      for (const problem of problems) {
        const line = formatProblem(relativeTo(io.cwd, problem))
        distinct.add(line)
        if (!printed.has(line)) io.stdout(`${line}\n`)
        printed.add(line)
      }
    }
    io.stdout(`${summaryLine(valid, invalid, distinct.size)}\n`)
    return invalid === 0 ? 0 : 1
  },
}

function relativeTo(cwd: string, problem: DocumentProblem): DocumentProblem {
  return { ...problem, file: relative(cwd, problem.file) || problem.file }
}
