import { join, relative, resolve } from 'node:path'
import type { CliCommand, CliIO } from '../command.ts'
import { readOptions, usageError } from './cli-options.ts'
import { EXAMPLES, exampleFiles, writeExample } from './init-example.ts'
import { STARTER_TEMPLATES, VITEST_CONFIG_SNIPPET } from './init-templates.ts'

const USAGE = `Usage: agenttwin init [--template <name>] [dir]
       agenttwin init --example <name> [dir]

Scaffolds a starter in <dir> (default: the current directory). The fetch and
conversation starters write a twin (twins/example.twin.yaml, a tiny helpdesk
with two tools), a scenario under scenarios/ and agents.ts, an agent that
passes it, then print the vitest.config.ts that runs the scenario as a test.
The ai-sdk starter writes an AI SDK agent with its own tools, a bookings twin,
two scenarios, agents.ts with a v1/v2 pair, its vitest.config.ts and the
cassettes its model traffic replays from, then prints the npm command that
installs the AI SDK. The starters (--template):
${Object.entries(STARTER_TEMPLATES)
  .map(([name, template]) => `  ${name.padEnd(31)}  ${template.summary}`)
  .join('\n')}

With --example, copies a worked example instead, with its vitest.config.ts:
${Object.entries(EXAMPLES)
  .map(([name, example]) => `  ${name.padEnd(31)}  ${example.summary}`)
  .join('\n')}
Never overwrites anything: when one of the files exists, nothing is written.

Examples:
  agenttwin init
  agenttwin init --template conversation support-tests
  agenttwin init --template ai-sdk agent-tests
  agenttwin init --example demo-co demo-co

Exit status: 0 written; 1 a file exists already (they are listed); 2 usage error.`

function nextSteps(shown: string, scenario: string): string {
  const cd = shown === '.' ? '' : `cd ${shown}\n  `
  return `Next:
  ${cd}npx agenttwin validate twins/example.twin.yaml ${scenario}
  npx agenttwin run ${scenario} --agent agents.ts

To run the scenario as a Vitest test, put this in vitest.config.ts${shown === '.' ? '' : ` (in ${shown})`}:

${VITEST_CONFIG_SNIPPET}
`
}

/**
 * `agenttwin init [dir]`: a starter twin, scenario and agent.
 * @example
 * await initCommand.run(['my-agent-tests'], io) // 0, or 1 when a file exists
 */
const OPTIONS = { example: { type: 'string' }, template: { type: 'string' } } as const

export const initCommand: CliCommand = {
  name: 'init',
  summary: 'Scaffold a starter twin, scenario and agent, and print the Vitest config',
  usage: USAGE,
  options: OPTIONS,
  async run(args: string[], io: CliIO): Promise<number> {
    const parsed = readOptions(args, OPTIONS)
    if ('problem' in parsed) return usageError(io, 'init', parsed.problem, USAGE)
    if (parsed.values.help) {
      io.stdout(`${USAGE}\n`)
      return 0
    }
    if (parsed.positionals.length > 1) {
      return usageError(
        io,
        'init',
        `expected at most one directory, got ${parsed.positionals.join(' ')}`,
        USAGE,
      )
    }
    const dir = resolve(io.cwd, parsed.positionals[0] ?? '.')
    const shown = relative(io.cwd, dir) || '.'
    const example = parsed.values.example
    const templateName = parsed.values.template
    if (typeof example === 'string') {
      if (typeof templateName === 'string') {
        return usageError(io, 'init', '--example and --template cannot be used together', USAGE)
      }
      return copyExample(example, dir, shown, io)
    }
    const name = typeof templateName === 'string' ? templateName : 'fetch'
    const template = entryOf(STARTER_TEMPLATES, name)
    if (!template) return notOneOf(io, '--template', name, 'a starter', STARTER_TEMPLATES)
    const existing = writeExample(template.files, dir)
    if (existing.length > 0) {
      const list = existing.map((path) => `  ${join(shown, path)}`).join('\n')
      io.stderr(
        `agenttwin init: not overwriting what is there; nothing was written:\n${list}\nFix: move them away, or init into another directory (agenttwin init <dir>).\n`,
      )
      return 1
    }
    for (const file of template.files) io.stdout(`created ${join(shown, file.path)}\n`)
    io.stdout(`\n${template.next ? template.next(shown) : nextSteps(shown, template.scenario)}`)
    return 0
  },
}

function copyExample(name: string, dir: string, shown: string, io: CliIO): number {
  const example = entryOf(EXAMPLES, name)
  if (!example) return notOneOf(io, '--example', name, 'an example', EXAMPLES)
  const files = exampleFiles(name)
  const existing = writeExample(files, dir)
  if (existing.length > 0) {
    const list = existing.map((path) => `  ${join(shown, path)}`).join('\n')
    io.stderr(
      `agenttwin init: not overwriting what is there; nothing was written:\n${list}\nFix: copy the example into an empty directory (agenttwin init --example ${name} <dir>).\n`,
    )
    return 1
  }
  io.stdout(`copied the ${name} example (${files.length} files) into ${shown}\n`)
  const cd = shown === '.' ? '' : `cd ${shown}\n  `
  const install = example.needs.length > 0 ? `npm i -D ${example.needs.join(' ')}\n  ` : ''
  io.stdout(`\nNext:\n  ${cd}${install}npx vitest run\n`)
  return 0
}

/** The entry of `table` called `name`, own keys only: `--template toString` names nothing. */
function entryOf<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined
}

/** `--template chatbot is not a starter; the starters are fetch, conversation`, as a usage error. */
function notOneOf(
  io: CliIO,
  flag: string,
  name: string,
  kind: string,
  table: Readonly<Record<string, unknown>>,
): number {
  const plural = `${kind.replace(/^an? /, '')}s`
  const choices = Object.keys(table).join(', ')
  return usageError(
    io,
    'init',
    `${flag} ${name} is not ${kind}; the ${plural} are ${choices}`,
    USAGE,
  )
}
