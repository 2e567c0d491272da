import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import { beforeAll, expect, test } from 'vitest'
import { type ComparisonReport, comparisonReportSchema } from '../../src/compare/index.ts'
import { AgentTwinReporter } from '../../src/public/reporter.ts'
import { testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// Two Vitest projects over the same scenario files whose agents modules both
// export `v1` and `v2`, with the same pair `v2 vs v1`: in "fixed" v2 is Demo
// Co's 1.3.1 (the pair passes), in "regressed" its 1.3.0 (the pair blocks).
const root = fileURLToPath(new URL('./fixtures/projects-same-versions', import.meta.url))
const tmp = freshTmpDir('projects-same-versions')
let run: VitestRun
let report: ComparisonReport
let summary: string

beforeAll(async () => {
  const summaryFile = `${tmp}/step-summary.md`
  run = await runVitest(
    { root, reporters: ['default', new AgentTwinReporter({ outputFile: `${tmp}/report.json` })] },
    [],
    { env: { GITHUB_STEP_SUMMARY: summaryFile } },
  )
  report = JSON.parse(readFileSync(`${tmp}/report.json`, 'utf8'))
  summary = readFileSync(summaryFile, 'utf8')
})

test('each project gets its own pair and verdict, and neither mixes the other’s sides', () => {
  expect(`${run.stdout}${run.stderr}`).not.toContain('AGENTTWIN_MIXED_SIDE')
  expect(`${run.stdout}${run.stderr}`).not.toContain('AGENTTWIN_SELECTION_MISMATCH')
  expect(
    report.pairs.map((pair) => ({
      project: pair.project,
      pair: `${pair.candidate.version} vs ${pair.baseline.version}`,
      gate: pair.gate.verdict,
      cases: pair.cases.map((item) => `${item.scenario.id} ${item.classification}`),
    })),
  ).toEqual([
    {
      project: 'fixed',
      pair: '1.3.1 vs 1.2.4',
      gate: 'PASS',
      cases: ['refund-happy-path UNCHANGED', 'refund-timeout-after-mutation UNCHANGED'],
    },
    {
      project: 'regressed',
      pair: '1.3.0 vs 1.2.4',
      gate: 'BLOCK',
      cases: ['refund-happy-path REGRESSED', 'refund-timeout-after-mutation NEW_CRITICAL_FAILURE'],
    },
  ])
  expect(report.gate.verdict).toBe('BLOCK')
  expect(new Ajv({ strict: false }).validate(comparisonReportSchema, report)).toBe(true)
})

test('each pair reaches the gate it declared, and the run passes', () => {
  const declared = run.stdout.split('\n').filter((line) => line.startsWith('AgentTwin: v2 vs v1'))
  expect(declared).toEqual([
    "AgentTwin: v2 vs v1 (project fixed) gated PASS, as declared (expectGate: 'PASS').",
    "AgentTwin: v2 vs v1 (project regressed) gated BLOCK, as declared (expectGate: 'BLOCK').",
  ])
  expect(testList(run.modules, root).map((line) => line.replace(/ \|.* \| /, ' | '))).toEqual([
    'scenarios/refund-happy-path.scenario.yaml:2:5 | passed',
    'scenarios/refund-happy-path.scenario.yaml:2:5 | passed',
    'scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | passed',
    'scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | passed',
  ])
  expect(run.exitCode).toBe(0)
})

test('the terminal, the step summary and the HTML report name each pair’s project', () => {
  const titles = run.stdout.split('\n').filter((line) => line.startsWith('Comparison: '))
  expect(titles).toEqual([
    'Comparison: demo-co-support 1.3.1 (candidate) vs demo-co-support 1.2.4 (baseline) (project fixed)',
    'Comparison: demo-co-support 1.3.0 (candidate) vs demo-co-support 1.2.4 (baseline) (project regressed)',
  ])
  const headings = summary.split('\n').filter((line) => line.startsWith('### '))
  expect(headings).toEqual([
    '### ✅ demo-co-support 1.3.1 vs demo-co-support 1.2.4 (project fixed): PASS, as declared',
    '### ⛔ demo-co-support 1.3.0 vs demo-co-support 1.2.4 (project regressed): BLOCK, as declared',
  ])
  const page = readFileSync(`${tmp}/report.html`, 'utf8')
  const anchors = [...page.matchAll(/<details class="case" id="([^"]+)"/g)].map((m) => m[1])
  expect(anchors).toEqual([
    'fixed/refund-happy-path/v1.3.1-vs-v1.2.4',
    'fixed/refund-timeout-after-mutation/v1.3.1-vs-v1.2.4',
    'regressed/refund-happy-path/v1.3.0-vs-v1.2.4',
    'regressed/refund-timeout-after-mutation/v1.3.0-vs-v1.2.4',
  ])
})

test('the Vitest UI’s meta panel names the project of each pair test', () => {
  const projects = run.modules.flatMap((module) =>
    [...module.children.allTests()].map((test) => {
      const meta = test.meta().agenttwin
      return `${module.project.name} ${meta?.kind === 'pair-case' ? meta.project : '-'}`
    }),
  )
  expect(projects.sort()).toEqual([
    'fixed fixed',
    'fixed fixed',
    'regressed regressed',
    'regressed regressed',
  ])
})
