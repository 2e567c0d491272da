import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair, type SideCase } from '../../src/compare/pair.ts'
import type { RunError } from '../../src/compare/report.ts'
import { comparisonReportSchema } from '../../src/compare/report-schema.ts'
import { result } from './helpers/results.ts'
import { call, runCase, v124 } from './helpers/run-case.ts'

const validate = new Ajv({ strict: false }).compile(comparisonReportSchema)

function side(id: string, labels: Parameters<typeof result>[1][], finished = true): SideCase {
  const run = runCase(
    { id },
    v124,
    finished
      ? { calls: [call.lookup()], tokens: { input: 120, output: 30 } }
      : {
          calls: [call.lookup()],
          error: { kind: 'model-cassette', message: 'not in the cassette' },
        },
  )
  return { run, results: labels.map((label, i) => result(`check-${i + 1}`, label)) }
}

const loadFailure: RunError = {
  kind: 'load-failure',
  file: 'scenarios/broken.scenario.yaml',
  project: 'demo',
  message: '1 problem:\nscenarios/broken.scenario.yaml:6:7 `seed` must be an integer',
}

describe('a report with cases run on one version', () => {
  it('gives each case its verdict and reason, and counts them in the gate', () => {
    const report = buildReport([], {
      singleCases: [
        side('b-fails', ['PASS', 'FAIL']),
        side('a-passes', ['PASS', 'PASS']),
        side('c-judge-down', ['PASS', 'ERROR']),
        side('d-cassette-miss', ['ERROR'], false),
      ],
    })
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    expect(
      report.singleCases!.map((item) => [item.scenario.id, item.verdict, item.reason]),
    ).toEqual([
      ['a-passes', 'PASS', 'All 2 expectations passed.'],
      ['b-fails', 'FAIL', '1 expectation did not pass: check-2 (FAIL).'],
      ['c-judge-down', 'INCOMPLETE', '1 expectation did not pass: check-2 (ERROR).'],
      [
        'd-cassette-miss',
        'INCOMPLETE',
        'The case did not finish (model-cassette: not in the cassette).',
      ],
    ])
    // Nothing watched this run's model traffic: no label rather than a default.
    expect(report.singleCases![0]!.side.llm).toBeUndefined()
    expect(report.singleCases![0]!.side).toMatchObject({
      metrics: { toolCalls: 1, tokens: { input: 120, output: 30 } },
      runId: 'a-passes/support-refund-agent@1.2.4',
    })
    expect(report.runs['a-passes/support-refund-agent@1.2.4']).toBeDefined()
    expect(report.gate).toEqual({
      verdict: 'BLOCK',
      reasons: ['1 FAIL case on one version (block)', '2 INCOMPLETE cases on one version (warn)'],
    })
  })

  it('passes only when every case passed', () => {
    const report = buildReport([], { singleCases: [side('ok', ['PASS'])] })
    expect(report.gate).toEqual({ verdict: 'PASS', reasons: [] })
    const unknown = buildReport([], { singleCases: [side('unknown', ['ERROR'], false)] })
    expect(unknown.gate.verdict).toBe('WARN')
  })
})

describe('run errors', () => {
  it('block the gate, even when every compared case passed', () => {
    const same = side('same', ['PASS'])
    const pair = comparePair({
      baseline: { agent: same.run.agent, cases: [same] },
      candidate: { agent: same.run.agent, cases: [same] },
    })
    expect(pair.gate.verdict).toBe('PASS')
    const report = buildReport([pair], {
      runErrors: [loadFailure, { kind: 'unhandled-error', message: 'Error: boom' }],
    })
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    expect(report.gate).toEqual({
      verdict: 'BLOCK',
      reasons: [
        '1 file did not load: scenarios/broken.scenario.yaml (block)',
        '1 error outside any test (block)',
      ],
    })
    expect(report.runErrors).toHaveLength(2)
  })

  it('name failed tests written by hand in the report gate, not in the gate of the pair they ran beside', () => {
    const same = side('same', ['PASS'])
    const pair = comparePair({
      baseline: { agent: same.run.agent, cases: [same] },
      candidate: { agent: same.run.agent, cases: [same] },
    })
    const failedTest = (test: string, file: string): RunError => ({
      kind: 'failed-test',
      file,
      project: 'demo',
      test,
      message: 'expected 2 to be 1',
    })
    const report = buildReport([pair], {
      runErrors: [
        failedTest('leave > files once', 'test/leave.test.ts'),
        failedTest('leave > says the balance', 'test/leave.test.ts'),
        failedTest('payroll > pays once', 'test/payroll.test.ts'),
      ],
    })
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    expect(report.pairs[0]!.gate.verdict).toBe('PASS')
    expect(report.gate).toEqual({
      verdict: 'BLOCK',
      reasons: ['3 tests failed in test/leave.test.ts, test/payroll.test.ts (block)'],
    })
    expect(report.runErrors!.map((error) => error.test)).toEqual([
      'leave > files once',
      'leave > says the balance',
      'payroll > pays once',
    ])
  })

  it('count a file that did not load once, however many problems it had', () => {
    const report = buildReport([], {
      runErrors: [loadFailure, { ...loadFailure, message: 'Error: the agents module threw' }],
    })
    expect(report.gate.reasons).toEqual([
      '1 file did not load: scenarios/broken.scenario.yaml (block)',
    ])
  })

  it('leave a pairs-only report exactly as it was', () => {
    const same = side('same', ['PASS'])
    const pair = comparePair({
      baseline: { agent: same.run.agent, cases: [same] },
      candidate: { agent: same.run.agent, cases: [same] },
    })
    const report = buildReport([pair], { singleCases: [], runErrors: [] })
    expect(report).toEqual(buildReport([pair]))
    expect(Object.keys(report)).toEqual(['schema', 'pairs', 'gate', 'runs'])
  })
})
