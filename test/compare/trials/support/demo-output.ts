import { fileURLToPath } from 'node:url'
import { agents } from '../../../../examples/demo-co/agent/index.ts'
import { evaluateCase } from '../../../../src/case/evaluate-case.ts'
import { runCase } from '../../../../src/case/run-case.ts'
import { compareCase, comparedRecord, type SideCase } from '../../../../src/compare/pair.ts'
import { loadOverrides } from '../../../../src/judge/index.ts'
import { renderHtml, renderMarkdown, renderTerminal } from '../../../../src/report/index.ts'
import { compareCollected } from '../../../../src/vitest/node/reporter/collect.ts'
import { demoDir, pinnedDemoScenarios } from '../../../demo-co/support/scenarios.ts'

const PAIRS = [
  { baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'BLOCK' as const },
  { baseline: 'v1.3.0', candidate: 'v1.3.1' },
  { baseline: 'v1.2.4', candidate: 'v1.3.1' },
]

/**
 * The Demo Co comparison as the reporter renders it (terminal, Markdown,
 * HTML, JSON), the demo's three pairs and reviewers' overrides, with measured
 * latencies set to 0 and the checkout's path as `<repo>/`. The same module runs on main's sources to record the
 * reference output.
 */
export async function demoOutput(): Promise<string> {
  const overrides = await loadOverrides(`${demoDir}reviews/overrides.yaml`)
  const scenarios = [...pinnedDemoScenarios().values()]
  const sides = new Map<string, SideCase[]>()
  for (const version of Object.keys(agents)) {
    const cases: SideCase[] = []
    for (const pinned of scenarios) {
      const run = await runCase(pinned, agents[version]!)
      const results = await evaluateCase(pinned.document.expectations, run, { overrides })
      cases.push({ run, results })
    }
    sides.set(version, cases)
  }
  // Each case compared once, as a pair test does; the reporter's part only aggregates.
  const compared = (pair: (typeof PAIRS)[number]) =>
    sides
      .get(pair.baseline)!
      .map((baseline, i) => comparedRecord(compareCase(baseline, sides.get(pair.candidate)![i]!)))
  const { report } = compareCollected(
    PAIRS.map((pair, pairIndex) => ({
      meta: { pair, pairIndex },
      cases: compared(pair),
      files: [],
      project: 'demo',
    })),
  )
  const stable = JSON.parse(JSON.stringify(report), (key, value) =>
    key === 'latencyMs' ? 0 : value,
  )
  // Documents are recorded by absolute path; the checkout's own location is not part of the output.
  const root = fileURLToPath(new URL('../../../../', import.meta.url))
  return [
    renderTerminal(stable, { color: false }),
    renderMarkdown(stable, { declaredGates: PAIRS.map((pair) => pair.expectGate) }),
    renderHtml(stable),
    JSON.stringify(stable, null, 2),
  ]
    .join('\n')
    .split(root)
    .join('<repo>/')
}
