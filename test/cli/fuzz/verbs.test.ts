/**
 * Every file-reading verb of the CLI, fed hostile versions of a valid input
 * (seeded, so a failure reproduces): truncated, mistyped, null-filled, not
 * UTF-8, deeply nested, alias bombs. Whatever the input, the verb ends with
 * exit 0, 1 or 2 and a clean message: never a stack trace, never "unexpected
 * error". The verbs come from the CLI's own command list, so a new verb fails
 * here until it says which file it reads.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { commands } from '../../../src/cli/commands/index.ts'
import { createServeCommand } from '../../../src/cli/commands/serve.ts'
import { runCli } from '../../../src/cli/main.ts'
import { captureIO } from '../capture-io.ts'
import { mutations } from './mutations.ts'

const ROOT = resolve(import.meta.dirname, '../../..')
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-fuzz-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Mutations per verb and input: bounded, so the file stays quick on a busy machine. */
const PER_INPUT = 14
const SEED = 20_260_311

const CASSETTES = join(dir, 'cassettes')
const LLM = 'examples/llm-agent'
const SCENARIO = join(ROOT, 'examples/demo-co/scenarios/refund-happy-path.scenario.yaml')
const AGENT = join(dir, 'agents.mjs')
writeFileSync(
  AGENT,
  [
    "const agent = (version) => ({ name: 'fuzz-agent', version, run: async () => ({ reply: 'ok', outcome: 'SUCCESS' }) })",
    "export const agents = { v1: agent('v1'), v2: agent('v2') }",
  ].join('\n'),
)
const TRACE = join(dir, 'seed.trace.json')
writeFileSync(TRACE, '{"resourceSpans":[]}\n')
const RECORDS = join(dir, 'seed.records.json')
writeFileSync(RECORDS, '[]\n')

const seeds = {
  twin: readFileSync(join(ROOT, 'examples/demo-co/twins/demo-co.twin.yaml'), 'utf8'),
  scenario: readFileSync(SCENARIO, 'utf8'),
  outcomes: readFileSync(join(ROOT, 'examples/outcome-contracts/outcomes.sample.jsonl'), 'utf8'),
  report: readFileSync(join(ROOT, 'test/report/fixtures/trials-report.json'), 'utf8'),
  overrides: [
    '- scenario: refund-happy-path',
    '  expectation: refunded-exactly-once',
    '  label: PASS',
    '  reviewer: ana',
    '  note: checked by hand',
    '',
  ].join('\n'),
  labels: [
    '- criterion: The reply mentions the order number',
    '  examples:',
    '    - { reply: "Order ORD-1 is on its way", label: pass }',
    '    - { reply: "Hello", label: fail }',
    '',
  ].join('\n'),
  trace: '{"resourceSpans":[]}\n',
  records: '[]\n',
  cassette: readFileSync(
    join(ROOT, `${LLM}/cassettes/llm-order-status/llm-support@v1.cassette.json`),
    'utf8',
  ),
}

/** One file a verb reads: a valid seed, and the arguments that hand the (mutated) file to it. */
interface Input {
  seed: string
  args(file: string): string[]
  /** Where the verb looks for the file, when it finds it by name (a cassette). */
  path?: string
}

/** Exit statuses a verb documents: 0 ok, 1 problems found, 2 usage or file error; diff's gate adds 3 (WARN). */
const EXITS: Record<string, number[]> = { diff: [0, 1, 2, 3] }

const out = (name: string) => join(dir, 'out', name)

/**
 * What each verb reads. `null`: it reads no file the user names. A string:
 * it reads through another verb's reader, fuzzed there.
 */
const READS: Record<string, Input[] | null | string> = {
  validate: [
    { seed: seeds.twin, args: (file) => ['validate', file] },
    { seed: seeds.scenario, args: (file) => ['validate', file] },
  ],
  check: [{ seed: seeds.outcomes, args: (file) => ['check', file] }],
  run: [
    {
      seed: seeds.overrides,
      args: (file) => ['run', SCENARIO, '--agent', AGENT, '--version', 'v1', '--overrides', file],
    },
    {
      // Replaying a cassette: the model answers come from the (mutated) file.
      seed: seeds.cassette,
      path: join(CASSETTES, 'llm-order-status', 'llm-support@v1.cassette.json'),
      args: () => [
        'run',
        join(ROOT, `${LLM}/scenarios/order-status.scenario.yaml`),
        '--agent',
        join(ROOT, `${LLM}/agent/index.ts`),
        '--version',
        'v1',
        '--models',
        'replay',
        '--model-hosts',
        'http://127.0.0.1:4010/v1',
        '--cassettes',
        CASSETTES,
      ],
    },
  ],
  diff: [
    {
      seed: seeds.overrides,
      args: (file) => [
        'diff',
        SCENARIO,
        '--agent',
        AGENT,
        '--baseline',
        'v1',
        '--candidate',
        'v2',
        '--overrides',
        file,
      ],
    },
  ],
  serve: [{ seed: seeds.twin, args: (file) => ['serve', file, '--port', '0'] }],
  // `mcp` reads its document with serve's reader (documentToServe); in-process it would hold stdin.
  mcp: 'serve',
  init: null,
  faults: null,
  calibrate: [{ seed: seeds.labels, args: (file) => ['calibrate', file] }],
  report: [{ seed: seeds.report, args: (file) => ['report', file, '--out', out('page.html')] }],
  claims: [
    { seed: seeds.trace, args: (file) => ['claims', file, '--records', RECORDS] },
    { seed: seeds.records, args: (file) => ['claims', TRACE, '--records', file] },
  ],
  mine: [{ seed: seeds.report, args: (file) => ['mine', file, '--out', out('mined.yaml')] }],
}

const STACK_FRAME = /^\s+at .+[:(]/m

/** Runs one verb in-process; `serve` with a stop signal already given, so it ends once it has read its file. */
async function runVerb(args: string[]) {
  const io = captureIO(dir)
  const consoleErrors: string[] = []
  const spy = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
    consoleErrors.push(
      parts.map((part) => (part instanceof Error ? part.stack : String(part))).join(' '),
    )
  })
  try {
    const code =
      args[0] === 'serve'
        ? await createServeCommand({ stop: AbortSignal.abort() }).run(args.slice(1), io)
        : await runCli(args, io)
    return { code, stdout: io.out(), stderr: io.err(), console: consoleErrors.join('\n') }
  } finally {
    spy.mockRestore()
  }
}

describe('the fuzzed verbs are every verb of the CLI', () => {
  it('each verb says what it reads', () => {
    expect(commands.map((command) => command.name).filter((name) => !(name in READS))).toEqual([])
  })
})

describe.each(commands.map((command) => command.name))('agenttwin %s', (verb) => {
  const reads = READS[verb]
  const inputs = Array.isArray(reads) ? reads : []
  it.skipIf(inputs.length === 0)(
    'ends every hostile input with exit 0, 1 or 2 and a message, never a stack trace',
    async () => {
      for (const [at, input] of inputs.entries()) {
        for (const mutation of mutations(input.seed, SEED + at, PER_INPUT)) {
          const file = input.path ?? join(dir, `${verb}-${at}.input`)
          mkdirSync(dirname(file), { recursive: true })
          writeFileSync(file, mutation.bytes)
          const result = await runVerb(input.args(file))
          const printed = `${result.stdout}\n${result.stderr}\n${result.console}`
          const context = `${verb} on ${mutation.name}:\n${printed.slice(0, 2000)}`
          expect(EXITS[verb] ?? [0, 1, 2], context).toContain(result.code)
          expect(printed, context).not.toMatch(STACK_FRAME)
          expect(printed, context).not.toContain('unexpected error')
          if (result.code !== 0)
            expect(`${result.stdout}${result.stderr}`.trim(), context).not.toBe('')
        }
      }
    },
    240_000,
  )
})

describe('the real command, in its own process', () => {
  const run = promisify(execFile)
  const entry = join(dir, 'cli.mts')
  writeFileSync(
    entry,
    `import { processIO, runCli } from ${JSON.stringify(join(ROOT, 'src/cli/main.ts'))}\nprocess.exitCode = await runCli(process.argv.slice(2), processIO())\n`,
  )

  async function agenttwin(args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', entry, ...args], {
        // From the repository, where tsx (a dev dependency) resolves.
        cwd: ROOT,
        timeout: 60_000,
      })
      return { code: 0, stdout, stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }

  it('validate on 3,000 levels of block nesting: exit 1, the problem located, no stack', async () => {
    writeFileSync(
      join(dir, 'deep.twin.yaml'),
      `apiVersion: agenttwin/twin.v1\na:\n${'  k:\n'.repeat(1)}${Array.from({ length: 3000 }, (_, l) => `${'  '.repeat(l + 2)}k:`).join('\n')}\n`,
    )
    const result = await agenttwin(['validate', join(dir, 'deep.twin.yaml')])
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /deep\.twin\.yaml:\d+:\d+ values are nested more than 64 levels deep here/,
    )
    expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_FRAME)
  }, 90_000)

  it('mine --out under a regular file: exit 2, one coded message on stderr, no stack', async () => {
    copyFileSync(join(ROOT, 'test/report/fixtures/trials-report.json'), join(dir, 'r.json'))
    writeFileSync(join(dir, 'plain'), 'a file')
    const result = await agenttwin([
      'mine',
      join(dir, 'r.json'),
      '--out',
      join(dir, 'plain', 'x.scenario.yaml'),
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).not.toMatch(STACK_FRAME)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/\[AGENTTWIN_[A-Z_]+\]$/m)
  }, 90_000)
})
