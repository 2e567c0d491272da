import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import type { TestModule } from 'vitest/node'
import { compareCase, comparedRecord, type SideCase } from '../../../../src/compare/pair.ts'
import { comparisonReportSchema } from '../../../../src/compare/report-schema.ts'
import type { ResultLabel } from '../../../../src/core/expectation-result.ts'
import { renderMarkdown, renderTerminal } from '../../../../src/report/index.ts'
import {
  collectPairs,
  collectSingleCases,
  compareCollected,
} from '../../../../src/vitest/node/reporter/collect.ts'
import {
  PAIR_CASE_ARTIFACT,
  type PairCaseTaskMeta,
  SINGLE_CASE_ARTIFACT,
} from '../../../../src/vitest/shared/meta.ts'
import { result } from '../../../compare/helpers/results.ts'
import { call, runCase } from '../../../compare/helpers/run-case.ts'

const validate = new Ajv({ strict: false }).compile(comparisonReportSchema)
const agent = (version: string) => ({ name: 'support', version })

/** One side of the case `refund`, run by `version`, whose one critical expectation got `label`. */
function side(version: string, label: ResultLabel): SideCase {
  const run = runCase({ id: 'refund' }, agent(version), { calls: [call.lookup()] })
  return { run, results: [result('refunded-once', label, { critical: true })] }
}

interface FakeTest {
  meta: PairCaseTaskMeta | undefined
  artifacts: unknown[]
}

/** A test module as Vitest hands it to a reporter: only what the collector reads. */
function testModule(project: string, moduleId: string, tests: FakeTest[]): TestModule {
  return {
    moduleId,
    project: { name: project },
    children: {
      *allTests() {
        for (const test of tests)
          yield {
            fullName: 'refund > v2 vs v1',
            module: { moduleId },
            meta: () => ({ agenttwin: test.meta }),
            artifacts: () => test.artifacts,
          }
      },
    },
  } as unknown as TestModule
}

/** The pair test of `refund` for the option `v2 vs v1` (both projects name their versions so). */
function pairTest(baseline: SideCase, candidate: SideCase): FakeTest {
  const compared = comparedRecord(compareCase(baseline, candidate))
  const meta = {
    kind: 'pair-case',
    pair: { baseline: 'v1', candidate: 'v2' },
    pairIndex: 0,
    scenario: 'refund@1',
    classification: compared.classification,
    changes: [],
    baseline: { outcome: 'SUCCESS', toolCalls: 1, failed: [] },
    candidate: { outcome: 'SUCCESS', toolCalls: 1, failed: [] },
  } satisfies PairCaseTaskMeta
  return { meta, artifacts: [{ type: PAIR_CASE_ARTIFACT, compared }] }
}

function singleTest(evaluated: SideCase): FakeTest {
  return { meta: undefined, artifacts: [{ type: SINGLE_CASE_ARTIFACT, evaluated }] }
}

const file = '/repo/scenarios/refund.scenario.yaml'

describe('pairs of two Vitest projects whose versions have the same names', () => {
  // In "fixed" v2 is 1.3.1 and passes; in "regressed" v2 is 1.3.0 and fails a critical expectation.
  const modules = [
    testModule('regressed', file, [pairTest(side('1.2.4', 'PASS'), side('1.3.0', 'FAIL'))]),
    testModule('fixed', file, [pairTest(side('1.2.4', 'PASS'), side('1.3.1', 'PASS'))]),
  ]

  it('are two pairs, each with its own sides, cases and files, in project order', () => {
    const pairs = collectPairs(modules)
    expect(
      pairs.map((pair) => ({
        project: pair.project,
        sides: pair.cases.map(
          (item) =>
            `${item.runs.candidate.run.agent.version} vs ${item.runs.baseline.run.agent.version}`,
        ),
        files: pair.files,
      })),
    ).toEqual([
      { project: 'fixed', sides: ['1.3.1 vs 1.2.4'], files: [file] },
      { project: 'regressed', sides: ['1.3.0 vs 1.2.4'], files: [file] },
    ])
  })

  it('each get their own verdict, and the report names their projects', () => {
    const { report } = compareCollected(collectPairs(modules))
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    expect(
      report.pairs.map((pair) => [pair.project, pair.candidate.version, pair.gate.verdict]),
    ).toEqual([
      ['fixed', '1.3.1', 'PASS'],
      ['regressed', '1.3.0', 'BLOCK'],
    ])
    expect(report.gate.reasons).toEqual([
      'support 1.3.0 vs 1.2.4 (project regressed): 1 NEW_CRITICAL_FAILURE case (block)',
    ])
    const titles = renderTerminal(report, { color: false })
      .split('\n')
      .filter((line) => line.startsWith('Comparison: '))
    expect(titles).toEqual([
      'Comparison: support 1.3.1 (candidate) vs support 1.2.4 (baseline) (project fixed)',
      'Comparison: support 1.3.0 (candidate) vs support 1.2.4 (baseline) (project regressed)',
    ])
    const headings = renderMarkdown(report)
      .split('\n')
      .filter((line) => line.startsWith('### '))
    expect(headings).toEqual([
      '### ✅ support 1.3.1 vs support 1.2.4 (project fixed): PASS',
      '### ⛔ support 1.3.0 vs support 1.2.4 (project regressed): BLOCK',
    ])
  })

  it('stay apart when both projects ran the very same agent versions', () => {
    // Identical agents, different expectations: once one pair with the case twice, now two.
    const same = [
      testModule('a', file, [pairTest(side('1.2.4', 'PASS'), side('1.3.0', 'PASS'))]),
      testModule('b', file, [pairTest(side('1.2.4', 'PASS'), side('1.3.0', 'FAIL'))]),
    ]
    const { report } = compareCollected(collectPairs(same))
    expect(report.pairs.map((pair) => [pair.project, pair.gate.verdict])).toEqual([
      ['a', 'PASS'],
      ['b', 'BLOCK'],
    ])
  })

  it('keep one-version cases of each project apart, named by project', () => {
    const singles = [
      testModule('b', file, [singleTest(side('1.3.0', 'FAIL'))]),
      testModule('a', file, [singleTest(side('1.3.0', 'PASS'))]),
    ]
    const { report } = compareCollected([], { singleCases: collectSingleCases(singles) })
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    expect(report.singleCases?.map((item) => [item.project, item.verdict])).toEqual([
      ['a', 'PASS'],
      ['b', 'FAIL'],
    ])
  })
})

describe('a run of one Vitest project', () => {
  it('names no project: the report reads as before', () => {
    const modules = [
      testModule('demo', file, [pairTest(side('1.2.4', 'PASS'), side('1.3.0', 'FAIL'))]),
      testModule('demo', '/repo/other.scenario.yaml', [singleTest(side('1.3.0', 'PASS'))]),
    ]
    const { report } = compareCollected(collectPairs(modules), {
      singleCases: collectSingleCases(modules),
    })
    expect(report.pairs.map((pair) => 'project' in pair)).toEqual([false])
    expect(report.singleCases?.map((item) => 'project' in item)).toEqual([false])
    expect(report.gate.reasons).toEqual([
      'support 1.3.0 vs 1.2.4: 1 NEW_CRITICAL_FAILURE case (block)',
    ])
  })
})
