import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../../src/cli/main.ts'
import { parseHtml } from '../../support/html-dom.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { scratchDir } from '../../support/scratch-dir.ts'
import { captureIO } from '../capture-io.ts'

const fixture = new URL('../../report/fixtures/trials-report.json', import.meta.url)
const PAYLOAD = '<img src=x onerror=alert(1)>'
const reports = scratchDir('agenttwin-report')

// biome-ignore lint/suspicious/noExplicitAny: the tests break a report in ways its type forbids.
type Loose = any

function base(): Loose {
  return JSON.parse(readFileSync(fixture, 'utf8'))
}

async function render(report: unknown, text?: string) {
  const dir = mkdtempSync(join(reports, 'r-'))
  writeFileSync(join(dir, 'r.json'), text ?? JSON.stringify(report, null, 2))
  const io = captureIO(dir)
  const code = await runCli(['report', 'r.json', '--out', 'r.html'], io)
  return { code, err: io.err(), written: existsSync(join(dir, 'r.html')), dir }
}

const REPORT_FIX =
  'Fix: regenerate the report with the AgentTwin reporter or `agenttwin diff --json`; nothing is rendered from a report that does not match its schema (comparisonReportSchema). [AGENTTWIN_INVALID_REPORT]'

/**
 * A refusal a person can act on: exit 2, nothing written, and three lines: the
 * file, its one problem at line:column and field with a fix, what to do and the
 * code (no stack). Returns the problem's line.
 */
function expectRefused(result: Awaited<ReturnType<typeof render>>, path: string): string {
  expect(result.code, result.err).toBe(2)
  expect(result.written).toBe(false)
  const [head, problem = '', ...rest] = result.err.split('\n')
  expect(head).toBe(
    'agenttwin report: r.json is not a valid AgentTwin comparison report (1 problem):',
  )
  // A path too deep to print is cut after its 256 levels: `at a[0][0]… (256 levels)`.
  expect(problem).toMatch(
    new RegExp(
      `^r\\.json:\\d+:\\d+ \\S.* at ${literally(path)}\\S*(?: \\(\\d+ levels\\))?\\. Fix: \\S`,
    ),
  )
  expect(rest).toEqual([REPORT_FIX, ''])
  return problem
}

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('agenttwin report refuses an invalid report, naming the field', () => {
  it('renders the valid report', async () => {
    const result = await render(base())
    expect(result.err).toBe('')
    expect(result.code).toBe(0)
    expect(result.written).toBe(true)
  })

  it('arguments deeper than the default allows render when AGENTTWIN_MAX_DEPTH was raised for the run', async () => {
    const report = base()
    report.pairs[0].cases[0].trajectories.candidate[0].args = { deep: 'DEEP' }
    const depth = 300
    const text = JSON.stringify(report).replace(
      '"DEEP"',
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
    )
    expectRefused(await render(undefined, text), 'pairs[0].cases[0].trajectories.candidate[0]')
    process.env.AGENTTWIN_MAX_DEPTH = '128'
    try {
      const raised = await render(undefined, text)
      expect(raised.err).toBe('')
      expect(raised.code).toBe(0)
      expect(raised.written).toBe(true)
    } finally {
      delete process.env.AGENTTWIN_MAX_DEPTH
    }
  })

  it('a pair that is null', async () => {
    const report = base()
    report.pairs = [null]
    expectRefused(await render(report), 'pairs[0]')
  })

  it('a case without a baseline', async () => {
    const report = base()
    delete report.pairs[0].cases[0].baseline
    const result = await render(report)
    expectRefused(result, 'pairs[0].cases[0]')
    expect(normaliseText(result.err, { dir: result.dir })).toMatchInlineSnapshot(`
      "agenttwin report: r.json is not a valid AgentTwin comparison report (1 problem):
      r.json:31:9 missing required field \`baseline\` at pairs[0].cases[0]. Fix: add \`baseline:\` with an object (\`key: value\` entries)
      Fix: regenerate the report with the AgentTwin reporter or \`agenttwin diff --json\`; nothing is rendered from a report that does not match its schema (comparisonReportSchema). [AGENTTWIN_INVALID_REPORT]
      "
    `)
  })

  it('arguments that are null', async () => {
    const report = base()
    report.pairs[0].cases[0].trajectories.candidate[0].args = null
    const result = await render(report)
    expectRefused(result, 'pairs[0].cases[0].trajectories.candidate[0].args')
    expect(normaliseText(result.err, { dir: result.dir })).toMatchInlineSnapshot(`
      "agenttwin report: r.json is not a valid AgentTwin comparison report (1 problem):
      r.json:735:25 \`args\` must be an object (\`key: value\` entries), found an empty value at pairs[0].cases[0].trajectories.candidate[0].args. Fix: write an object (\`key: value\` entries)
      Fix: regenerate the report with the AgentTwin reporter or \`agenttwin diff --json\`; nothing is rendered from a report that does not match its schema (comparisonReportSchema). [AGENTTWIN_INVALID_REPORT]
      "
    `)
  })

  it('arguments nested 50,000 levels deep', async () => {
    const report = base()
    report.pairs[0].cases[0].trajectories.candidate[0].args = { deep: 'DEEP' }
    const depth = 50_000
    const text = JSON.stringify(report).replace(
      '"DEEP"',
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
    )
    const result = await render(undefined, text)
    expectRefused(result, 'pairs[0].cases[0].trajectories.candidate[0].args.deep[0][0]')
    expect(normaliseText(result.err, { dir: result.dir })).toMatchInlineSnapshot(`
      "agenttwin report: r.json is not a valid AgentTwin comparison report (1 problem):
      r.json:1:12554 the report nests deeper than 256 levels at pairs[0].cases[0].trajectories.candidate[0].args.deep[0][0][0][0][0][0][0]… (256 levels). Fix: regenerate the report; no tool argument or state of a real run nests this deep (a run whose values are deeper needs AGENTTWIN_MAX_DEPTH raised, and reading its report too)
      Fix: regenerate the report with the AgentTwin reporter or \`agenttwin diff --json\`; nothing is rendered from a report that does not match its schema (comparisonReportSchema). [AGENTTWIN_INVALID_REPORT]
      "
    `)
  })

  const numbers = [
    'pairs[0].cases[0].divergence.step',
    'pairs[0].cases[0].baseline.metrics.toolCalls',
    'pairs[0].cases[0].candidate.retries.total',
    'pairs[0].cases[0].baseline.metrics.tokens.input',
    'pairs[0].cases[0].baseline.metrics.tokens.output',
    'pairs[0].cases[0].trajectories.candidate[1].step',
    'pairs[0].cases[0].trials.k',
    'pairs[0].cases[0].trials.alpha',
    'pairs[0].cases[0].trials.baseline.passes',
    'pairs[0].cases[0].trials.candidate.trials',
    'pairs[1].cases[0].trials.noiseFloor[0].pairedDisagreements',
    'pairs[1].cases[0].trials.noiseFloor[0].trials',
  ]
  it.each(numbers)('markup in the number %s', async (path) => {
    const report = base()
    report.pairs[0].cases[0].baseline.metrics.tokens = { input: 1, output: 1 }
    const keys = path.split(/[.[\]]+/).filter(Boolean)
    const parent = keys.slice(0, -1).reduce((value, key) => value[key], report)
    parent[keys.at(-1)!] = PAYLOAD
    const result = await render(report)
    const field = literally(keys.at(-1)!)
    expect(expectRefused(result, path)).toMatch(
      new RegExp(
        `^r\\.json:\\d+:\\d+ \`${field}\` must be (an integer|a number), found the string ${literally(JSON.stringify(PAYLOAD))} at ${literally(path)}\\. Fix: write \\1$`,
      ),
    )
  })

  it.each(['__proto__.x', 'a..b', 'a["b', ''])(
    'a changed state path %j that is no path',
    async (bad) => {
      const report = base()
      report.pairs[0].cases[0].state.changedPaths = [bad]
      const result = await render(report)
      const path = 'pairs[0].cases[0].state.changedPaths[0]'
      expect(expectRefused(result, path)).toMatch(
        new RegExp(
          `^r\\.json:\\d+:\\d+ the state path ${literally(JSON.stringify(bad))} [^\\n]+ at ${literally(path)}\\. Fix: \\S`,
        ),
      )
    },
  )

  it('a changed state path naming an inherited key shows it as absent', async () => {
    const report = base()
    report.pairs[0].cases[0].state.changedPaths = ['toString', 'orders.constructorx']
    const result = await render(report)
    expect(result.err).toBe('')
    const page = parseHtml(readFileSync(join(result.dir, 'r.html'), 'utf8'))
    const section = page.all('details.case')[0]!
    expect(page.rows('table.final', section).slice(1)).toEqual([
      ['toString', '(absent)', '(absent)'],
      ['orders.constructorx', '(absent)', '(absent)'],
    ])
  })

  it('points at the line and column of the bad field', async () => {
    const report = base()
    report.pairs[0].cases[0].baseline.retries.total = PAYLOAD
    const text = JSON.stringify(report, null, 2)
    const result = await render(undefined, text)
    const [, line, column] = /r\.json:(\d+):(\d+) /.exec(result.err)!
    const at = text.split('\n')[Number(line) - 1]!
    expect(at.slice(Number(column) - 1)).toBe(`${JSON.stringify(PAYLOAD)},`)
  })

  it('lists at most ten problems and counts the rest', async () => {
    const report = base()
    report.pairs[0].cases[0].trajectories.candidate = Array.from({ length: 30 }, () => ({
      kind: 'outcome',
      step: PAYLOAD,
      finished: true,
    }))
    const result = await render(report)
    expect(result.code).toBe(2)
    expect(normaliseText(result.err, { dir: result.dir })).toMatchInlineSnapshot(`
      "agenttwin report: r.json is not a valid AgentTwin comparison report (30 problems):
      r.json:731:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[0].step. Fix: write an integer
      r.json:736:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[1].step. Fix: write an integer
      r.json:741:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[2].step. Fix: write an integer
      r.json:746:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[3].step. Fix: write an integer
      r.json:751:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[4].step. Fix: write an integer
      r.json:756:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[5].step. Fix: write an integer
      r.json:761:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[6].step. Fix: write an integer
      r.json:766:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[7].step. Fix: write an integer
      r.json:771:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[8].step. Fix: write an integer
      r.json:776:25 \`step\` must be an integer, found the string "<img src=x onerror=alert(1)>" at pairs[0].cases[0].trajectories.candidate[9].step. Fix: write an integer
      … and 20 more
      Fix: regenerate the report with the AgentTwin reporter or \`agenttwin diff --json\`; nothing is rendered from a report that does not match its schema (comparisonReportSchema). [AGENTTWIN_INVALID_REPORT]
      "
    `)
  })
})

describe('agenttwin report never writes over its input', () => {
  async function run(dir: string, args: string[]) {
    const io = captureIO(dir)
    const code = await runCli(['report', ...args], io)
    return { code, err: io.err() }
  }

  function project() {
    const dir = mkdtempSync(join(reports, 'r-'))
    mkdirSync(join(dir, 'reports'))
    const text = readFileSync(fixture, 'utf8')
    writeFileSync(join(dir, 'reports/r.json'), text)
    return { dir, text }
  }

  it.each([
    ['the same path', 'reports/r.json'],
    ['a path through ./ and ..', './reports/../reports/./r.json'],
  ])('refuses --out naming the input as %s', async (_, out) => {
    const { dir, text } = project()
    const { code, err } = await run(dir, ['reports/r.json', '--out', out])
    expect(code).toBe(2)
    expect(normaliseText(err, { dir })).toMatchInlineSnapshot(`
      "agenttwin report: the output <dir>/reports/r.json is the input <dir>/reports/r.json (the same path); writing it would destroy the input. Fix: write the output to another path. [AGENTTWIN_OUTPUT_IS_INPUT]
      "
    `)
    expect(readFileSync(join(dir, 'reports/r.json'), 'utf8')).toBe(text)
  })

  it('refuses --out that is a symlink to the input, and an input reached through a symlinked folder', async () => {
    const { dir, text } = project()
    symlinkSync(join(dir, 'reports/r.json'), join(dir, 'link.json'))
    symlinkSync(join(dir, 'reports'), join(dir, 'alias'))
    const refusals: string[] = []
    for (const [input, out] of [
      ['reports/r.json', 'link.json'],
      ['alias/r.json', 'reports/r.json'],
    ] as const) {
      const { code, err } = await run(dir, [input, '--out', out])
      expect(code, err).toBe(2)
      refusals.push(normaliseText(err, { dir }))
    }
    expect(refusals).toMatchInlineSnapshot(`
      [
        "agenttwin report: the output <dir>/link.json is the input <dir>/reports/r.json (the same file by a link); writing it would destroy the input. Fix: write the output to another path. [AGENTTWIN_OUTPUT_IS_INPUT]
      ",
        "agenttwin report: the output <dir>/reports/r.json is the input <dir>/alias/r.json (the same file by a link); writing it would destroy the input. Fix: write the output to another path. [AGENTTWIN_OUTPUT_IS_INPUT]
      ",
      ]
    `)
    expect(readFileSync(join(dir, 'reports/r.json'), 'utf8')).toBe(text)
  })
})
