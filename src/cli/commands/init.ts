import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { CliCommand, CliIO } from '../command.ts'
import { readOptions, usageError } from './cli-options.ts'
import { EXAMPLES, exampleFiles, writeExample } from './init-example.ts'
import { STARTER_FILES, VITEST_CONFIG_SNIPPET } from './init-templates.ts'

const USAGE = `Usage: agenttwin init [dir]
       agenttwin init --example <name> [dir]

Scaffolds a starter in <dir> (default: the current directory):
  twins/example.twin.yaml          a twin: a tiny helpdesk with two tools
  scenarios/example.scenario.yaml  a scenario with a fault and five expectations
  agents.ts                        a tiny fetch-based agent that passes it
then prints the vitest.config.ts that runs the scenario as a test.

With --example, copies a worked example instead, with its vitest.config.ts:
${Object.entries(EXAMPLES)
  .map(([name, example]) => `  ${name.padEnd(31)}  ${example.summary}`)
  .join('\n')}
Never overwrites anything: when one of the files exists, nothing is written.

Examples:
  agenttwin init
  agenttwin init --example demo-co demo-co

Exit status: 0 written; 1 a file exists already (they are listed); 2 usage error.`

function nextSteps(shown: string): string {
  const cd = shown === '.' ? '' : `cd ${shown}\n  `
  return `Next:
  ${cd}npx agenttwin validate twins/example.twin.yaml scenarios/example.scenario.yaml
  npx agenttwin run scenarios/example.scenario.yaml --agent agents.ts

To run the scenario as a Vitest test, put this in vitest.config.ts${shown === '.' ? '' : ` (in ${shown})`}:

${VITEST_CONFIG_SNIPPET}
`
}

/**
 * `agenttwin init [dir]`: a starter twin, scenario and agent.
 * @example
 * await initCommand.run(['my-agent-tests'], io) // 0, or 1 when a file exists
 */
const OPTIONS = { example: { type: 'string' } } as const

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
    if (typeof example === 'string') return copyExample(example, dir, shown, io)
    const files = STARTER_FILES.map((file) => ({ ...file, target: join(dir, file.path) }))
    const existing = files.filter((file) => existsSync(file.target))
    if (existing.length > 0) {
      const list = existing.map((file) => `  ${join(shown, file.path)}`).join('\n')
      io.stderr(
        `agenttwin init: not overwriting what is there; nothing was written:\n${list}\nFix: move them away, or init into another directory (agenttwin init <dir>).\n`,
      )
      return 1
    }
    for (const file of files) {
      mkdirSync(dirname(file.target), { recursive: true })
      writeFileSync(file.target, file.text, { flag: 'wx' })
      io.stdout(`created ${join(shown, file.path)}\n`)
    }
    io.stdout(`\n${nextSteps(shown)}`)
    return 0
  },
}

function copyExample(name: string, dir: string, shown: string, io: CliIO): number {
  const example = EXAMPLES[name]
  if (!example) {
    return usageError(
      io,
      'init',
      `--example ${name} is not an example; the examples are ${Object.keys(EXAMPLES).join(', ')}`,
      USAGE,
    )
  }
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
