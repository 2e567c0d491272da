import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AgentTwinError } from '../core/errors.ts'
import { ownRoot } from '../core/own-files.ts'
import { closest } from '../schema/suggest.ts'
import type { CliIO } from './command.ts'
import { commands } from './commands/index.ts'

function version(): string {
  const manifest = readFileSync(join(ownRoot(), 'package.json'), 'utf8')
  return (JSON.parse(manifest) as { version: string }).version
}

function help(): string {
  const width = Math.max(...commands.map((command) => command.name.length))
  const verbs = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`)
  return [
    'Usage: agenttwin <command> [options]',
    '',
    'Test AI agents by what verifiably happened in the systems they touched.',
    '',
    'Commands:',
    ...verbs,
    '',
    'Options:',
    '  --help     show this help (`agenttwin <command> --help` for one command)',
    '  --version  show the version',
    '',
  ].join('\n')
}

/**
 * Runs the `agenttwin` command line: dispatches the first argument to its
 * verb and returns the exit code (0 ok, 1 problems found, 2 usage error).
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), { stdout, stderr, cwd: process.cwd() })
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [verb, ...args] = argv
  if (verb === '--help' || verb === '-h' || verb === 'help') {
    io.stdout(help())
    return 0
  }
  if (verb === '--version' || verb === '-v') {
    io.stdout(`${version()}\n`)
    return 0
  }
  if (verb === undefined) {
    io.stderr(help())
    return 2
  }
  const command = commands.find((candidate) => candidate.name === verb)
  if (!command) {
    const names = commands.map((candidate) => candidate.name)
    const suggestion = closest(verb, names)
    const hint = suggestion ? ` (did you mean \`${suggestion}\`?)` : ''
    io.stderr(`agenttwin: unknown command \`${verb}\`${hint}\n\n${help()}`)
    return 2
  }
  try {
    return await (await command.load()).run(args, io)
  } catch (error) {
    if (error instanceof AgentTwinError) {
      io.stderr(`agenttwin ${verb}: ${error.message} [${error.code}]\n`)
      return 1
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
    io.stderr(`agenttwin ${verb}: unexpected error, please report it:\n${detail}\n`)
    return 1
  }
}

// The bin's process bindings, from the one module it loads.
export { processIO } from './process-io.ts'
