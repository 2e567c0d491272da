import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { globSync } from 'tinyglobby'
import { afterAll, describe, expect, test } from 'vitest'
import { commands } from '../../src/cli/commands/index.ts'
import { runCli } from '../../src/cli/main.ts'
import { captureIO } from './capture-io.ts'

/** Verbs that keep serving until stopped: their example is checked for its files, not run. */
const LONG_RUNNING = new Set(['serve', 'mcp'])
/** What `agenttwin init` writes, the project every example is written for. */
const INIT_PROJECT = 'in a project set up by `agenttwin init`'

/** The example command of a verb's `--help`, joined across `\` line breaks, as argv. */
function exampleOf(usage: string): { heading: string; argv: string[] } | undefined {
  const at = usage.search(/^Example/m)
  if (at < 0) return undefined
  const [heading = '', ...lines] = usage.slice(at).split('\n')
  const command = lines
    .join('\n')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .find((line) => line.trim().startsWith('agenttwin '))
  if (!command) return undefined
  return { heading, argv: command.trim().split(/\s+/).slice(2) }
}

const project = mkdtempSync(join(tmpdir(), 'agenttwin-help-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('the examples in `agenttwin <verb> --help`', { timeout: 120_000 }, () => {
  test('`init` sets up the project they are written for', async () => {
    expect(await runCli(['init'], captureIO(project))).toBe(0)
    // The diff example compares v1 with a v2 the user adds; here v2 is the same agent.
    const agents = join(project, 'agents.ts')
    writeFileSync(
      agents,
      readFileSync(agents, 'utf8').replace(
        '{ v1: helpdeskAgent }',
        '{ v1: helpdeskAgent, v2: helpdeskAgent }',
      ),
    )
  })

  // In --help order, so the diff writes the report that `report` and `mine` read.
  for (const entry of commands) {
    test(`${entry.name}: the example runs as printed`, async () => {
      const command = await entry.load()
      const example = exampleOf(command.usage)
      if (!example) return // a verb without an example promises nothing
      const names = example.argv.filter((arg) => /\.(ya?ml|json|ts)$/.test(arg))
      // Examples that start from files of the user's own (a trace, outcome rows) are not run.
      if (
        !example.heading.includes('agenttwin init') &&
        !example.heading.includes('agenttwin diff')
      )
        return
      if (LONG_RUNNING.has(entry.name)) {
        for (const name of names.filter((n) => !n.startsWith('records'))) {
          expect(existsSync(join(project, name)), `${name} exists`).toBe(true)
        }
        return
      }
      // What the user's shell does with a glob.
      const argv = example.argv.flatMap((arg) =>
        arg.includes('*') ? globSync(arg, { cwd: project }).sort() : [arg],
      )
      const io = captureIO(project)
      const code = await runCli([entry.name, ...argv], io)
      const printed = `agenttwin ${entry.name} ${argv.join(' ')}\n${io.err()}`
      expect(io.err(), printed).not.toMatch(/Usage:|error|problem|not readable/i)
      expect(code, printed).toBe(0)
    })
  }

  test('the examples that need an init project say so', async () => {
    const headings = await Promise.all(
      commands.map(async (entry) => exampleOf((await entry.load()).usage)?.heading ?? ''),
    )
    expect(headings.filter((heading) => heading.includes(INIT_PROJECT)).length).toBeGreaterThan(3)
  })
})
