import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import { comparisonReportSchema } from '../../src/compare/report-schema.ts'
import { v124 } from './helpers/run-case.ts'
import { runSide } from './helpers/suite.ts'

const validate = new Ajv({ allErrors: true, strict: true }).compile(comparisonReportSchema)

async function report() {
  const baseline = await runSide('baseline')
  return buildReport([
    comparePair({ baseline, candidate: await runSide('candidate') }),
    comparePair({ baseline, candidate: await runSide('baseline', v124) }),
  ])
}

describe('comparison report', () => {
  it('validates against its JSON Schema, also after a JSON round trip', async () => {
    const produced = await report()
    expect(validate(produced), JSON.stringify(validate.errors)).toBe(true)
    expect(validate(JSON.parse(JSON.stringify(produced)))).toBe(true)
  })

  it('carries plain data only: no runs, the trajectories as normalized steps', async () => {
    const produced = await report()
    const item = produced.pairs[0]!.cases[1]!
    expect(Object.keys(item).sort()).toEqual([
      'baseline',
      'candidate',
      'changes',
      'classification',
      'divergence',
      'reason',
      'scenario',
      'state',
      'trajectories',
    ])
    expect(Object.keys(item.divergence!).sort()).toEqual(['detail', 'kind', 'sentence', 'step'])
    expect(JSON.parse(JSON.stringify(item))).toEqual(item)
    const { baseline, candidate } = item.trajectories!
    expect(baseline.at(-1)).toMatchObject({ kind: 'outcome', step: baseline.length })
    expect(candidate.slice(0, -1).every((step) => step.kind === 'call')).toBe(true)
  })

  it('keeps each CaseRun once, named by the sides that ran it', async () => {
    const produced = await report()
    const sides = produced.pairs.flatMap((pair) =>
      pair.cases.flatMap((item) => [item.baseline, item.candidate]),
    )
    const ids = sides.map((side) => side.runId!)
    // Both pairs share the baseline's runs: fewer entries than sides, none unnamed or unused.
    expect(Object.keys(produced.runs).sort()).toEqual([...new Set(ids)].sort())
    expect(Object.keys(produced.runs).length).toBeLessThan(sides.length)
    const first = produced.pairs[0]!.cases[0]!
    expect(produced.runs[first.baseline.runId!]).toMatchObject({
      schema: 'agenttwin/case-run.v1',
      scenario: { id: first.scenario.id },
      agent: { version: produced.pairs[0]!.baseline.version },
    })
    expect(first.baseline).not.toHaveProperty('run')
  })

  it('has all five classes in every pair and the worst gate overall', async () => {
    const produced = await report()
    expect(produced.schema).toBe('agenttwin/comparison-report.v2')
    expect(produced.pairs.map((pair) => pair.gate.verdict)).toEqual(['BLOCK', 'PASS'])
    expect(produced.pairs[1]!.counts).toEqual({
      NEW_CRITICAL_FAILURE: 0,
      REGRESSED: 0,
      INCOMPLETE: 0,
      IMPROVED: 0,
      UNCHANGED: 3,
    })
    expect(produced.gate).toEqual({
      verdict: 'BLOCK',
      reasons: [
        'support-refund-agent 1.3.0 vs 1.2.4: 1 NEW_CRITICAL_FAILURE case (block)',
        'support-refund-agent 1.3.0 vs 1.2.4: 1 REGRESSED case (block)',
      ],
    })
  })

  it('is rejected by the schema when a class count or the version is missing', async () => {
    const produced = JSON.parse(JSON.stringify(await report()))
    delete produced.pairs[0].counts.INCOMPLETE
    expect(validate(produced)).toBe(false)
    expect(validate({ ...(await report()), schema: 'agenttwin/comparison-report.v1' })).toBe(false)
  })
})
