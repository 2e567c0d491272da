/**
 * Every option of every verb gets the same checks, from the verb's own option
 * table (so a new option or verb cannot skip them): an unknown option names
 * the closest known one, a missing value, a value given to a switch, a value
 * of the wrong kind or range and two options that exclude each other are each a usage error: exit 2, one coded message, the
 * usage, nothing run, no stack trace. (An option given twice keeps its last
 * value, as in `npm run x -- --timeout 5000`; every value is checked.)
 */
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { commands } from '../../src/cli/commands/index.ts'
import {
  CliUsageError,
  checkOptions,
  type OptionKind,
  type OptionValue,
} from '../../src/cli/commands/option-checks.ts'
import { runCli } from '../../src/cli/main.ts'
import { captureIO } from './capture-io.ts'

const verbs = await Promise.all(
  commands.map(async (entry) => [entry.name, await entry.load()] as const),
)

const usages = new Map(verbs.map(([verb, command]) => [verb, command.usage]))

/**
 * The refusal's one line, `agenttwin <verb>: <what is wrong>. Fix: <fix> [code]`,
 * after checking what follows it is the verb's usage and nothing else.
 */
async function refused(verb: string, args: string[]): Promise<string> {
  const io = captureIO(tmpdir())
  const code = await runCli([verb, ...args], io)
  const err = io.err()
  expect(code, `${verb} ${args.join(' ')}: ${err}`).toBe(2)
  expect(io.out()).toBe('')
  const [line = '', ...below] = err.split('\n')
  expect(line).toMatch(
    new RegExp(`^agenttwin ${verb}: \\S.*\\. Fix: \\S.* \\[${CliUsageError.code}\\]$`),
  )
  expect(below.join('\n').trim()).toBe(usages.get(verb)?.trim())
  return line
}

/** The problem and fix of a refusal's line, without the verb before and the code after. */
async function said(verb: string, args: string[]): Promise<string> {
  const line = await refused(verb, args)
  return line.slice(`agenttwin ${verb}: `.length, -` [${CliUsageError.code}]`.length)
}

/** A value the option's check accepts. */
function goodValue(spec: OptionValue | undefined): string {
  if (!spec) return 'x'
  if ('oneOf' in spec) return spec.oneOf[0]!
  if ('integer' in spec) return String(spec.integer.min)
  return String(spec.number.min)
}

/** Values the option's check refuses. */
function badValues(spec: OptionValue): string[] {
  if ('oneOf' in spec) return [`${spec.oneOf[0]}x`, '']
  if ('integer' in spec) {
    const { min, max } = spec.integer
    return [
      'abc',
      String(min - 1),
      `${min}.5`,
      ' 1',
      ...(max === undefined ? [] : [String(max + 1)]),
    ]
  }
  return ['abc', String(spec.number.min - 1), String(spec.number.max + 1), 'Infinity']
}

describe.each(verbs)('agenttwin %s', (verb, command) => {
  const options = Object.entries(command.options) as [string, OptionKind][]

  it('names an unknown option, with the closest known one', async () => {
    const [first] = options
    if (!first) {
      expect(await said(verb, ['--json'])).toBe(
        'unknown option --json. Fix: this command takes no option but --help.',
      )
      return
    }
    const typo = `${first[0]}x`
    const list = `--${options.map(([name]) => name).join(', --')} and --help`
    expect(await said(verb, [`--${typo}`])).toBe(
      `unknown option --${typo}. Fix: did you mean --${first[0]}? (its options are ${list})`,
    )
  })

  it.each(options)('--%s is checked like every option', async (name, kind) => {
    if (kind.type === 'boolean') {
      expect(await said(verb, [`--${name}=yes`])).toBe(
        `--${name} takes no value, got "yes". Fix: write --${name} alone.`,
      )
      return
    }
    const write = `Fix: write --${name} <value>`
    expect(await said(verb, [`--${name}`])).toBe(`--${name} needs a value. ${write}.`)
    expect(await said(verb, [`--${name}`, '--help'])).toBe(
      `--${name} needs a value (got the option --help). ${write}, or --${name}=--help for a value that starts with "-".`,
    )
    expect(await said(verb, [`--${name}=`])).toBe(
      `--${name} needs a value (got an empty text). ${write}.`,
    )
    const good = goodValue(kind.value)
    for (const bad of kind.value ? badValues(kind.value) : []) {
      if (bad === '') continue
      // Refused alone, and given twice (the last value counts, and each is checked) in the same words.
      const alone = await said(verb, [`--${name}=${bad}`])
      expect(alone.startsWith(`--${name} ${bad} is not `), alone).toBe(true)
      expect(alone).toMatch(/^[^\n]+\. Fix: (give|use one of|did you mean) [^\n]+[.?]$/)
      expect(await said(verb, [`--${name}=${bad}`, `--${name}`, good])).toBe(alone)
    }
    for (const other of kind.conflicts ?? []) {
      const otherKind = command.options[other]!
      const otherArgs =
        otherKind.type === 'boolean' ? [`--${other}`] : [`--${other}`, goodValue(otherKind.value)]
      expect(await said(verb, [`--${name}`, good, ...otherArgs])).toBe(
        `--${name} and --${other} cannot be given together. Fix: keep one of the two.`,
      )
    }
  })
})

describe('the refusals as a user reads them', () => {
  it('agenttwin run: each names the option, what is wrong, the fix and the code, on one line', async () => {
    const firstLines: string[] = []
    for (const args of [
      ['--agentx'],
      ['--timeout'],
      ['--timeout', '--help'],
      ['--timeout='],
      ['--timeout=abc', '--timeout', '1'],
      ['--json=yes'],
    ]) {
      firstLines.push((await refused('run', args)).split('\n')[0]!)
    }
    expect(firstLines).toMatchInlineSnapshot(`
      [
        "agenttwin run: unknown option --agentx. Fix: did you mean --agent? (its options are --agent, --timeout, --seed, --overrides, --models, --model-hosts, --cassettes, --version, --json and --help) [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: --timeout needs a value. Fix: write --timeout <value>. [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: --timeout needs a value (got the option --help). Fix: write --timeout <value>, or --timeout=--help for a value that starts with "-". [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: --timeout needs a value (got an empty text). Fix: write --timeout <value>. [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: --timeout abc is not a whole number of at least 1. Fix: give a whole number of at least 1. [AGENTTWIN_CLI_USAGE]",
        "agenttwin run: --json takes no value, got "yes". Fix: write --json alone. [AGENTTWIN_CLI_USAGE]",
      ]
    `)
  })
})

describe('checkOptions', () => {
  const kinds = {
    port: { type: 'string', value: { integer: { min: 0, max: 65535 } } },
    socket: { type: 'string', conflicts: ['port'] },
    judge: { type: 'string', value: { oneOf: ['fake', 'openai'] } },
    tag: { type: 'string', multiple: true },
  } as const

  it('reads values, positionals after --, and repeatable options', () => {
    expect(
      checkOptions(['a', '--port=80', '--tag', 'x', '--tag', 'y', '--', '--b'], kinds),
    ).toEqual({
      values: { port: '80', tag: ['x', 'y'] },
      positionals: ['a', '--b'],
    })
  })

  it('refuses two options that exclude each other', () => {
    expect(() => checkOptions(['--socket', 's', '--port', '1'], kinds)).toThrow(
      '--socket and --port cannot be given together',
    )
  })

  it('suggests the closest choice for a mistyped value', () => {
    expect(() => checkOptions(['--judge', 'opnai'], kinds)).toThrow('did you mean --judge openai?')
  })

  it('takes a value that starts with "-" when written with =', () => {
    expect(() => checkOptions(['--port', '-1'], kinds)).toThrow('or --port=-1')
    expect(() => checkOptions(['--port=-1'], kinds)).toThrow(
      '--port -1 is not a whole number from 0 to 65535',
    )
  })
})
