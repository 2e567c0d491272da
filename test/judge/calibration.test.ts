import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { InvalidDocumentError } from '../../src/core/errors.ts'
import {
  calibrateJudge,
  createFakeJudge,
  describeCalibration,
  evaluateJudge,
  loadCalibration,
  loadLabels,
  saveCalibration,
} from '../../src/judge/index.ts'
import { ORDER_CRITERION, orderLabels, REFUND_CRITERION, refundLabels } from './labels.ts'
import { caseRun } from './support.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agenttwin-calibration-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('calibrateJudge', () => {
  it('measures the judge per criterion against the human labels', async () => {
    const report = await calibrateJudge([refundLabels, orderLabels], createFakeJudge())
    expect(report.judge).toEqual({
      provider: 'fake',
      model: 'keyword-overlap',
      kind: 'deterministic-fake',
      promptVersion: 'keyword-overlap.v1',
    })
    const [refund, order] = report.criteria
    // 11 + 11 agreements, 1 + 1 disagreements: po = 22/24, pe = 0.5, kappa = (22/24 − 0.5) / 0.5 = 5/6
    expect(refund).toMatchObject({
      criterion: REFUND_CRITERION,
      n: 24,
      calibrated: true,
      errors: 0,
    })
    expect(refund?.agreement).toBeCloseTo(22 / 24, 10)
    expect(refund?.kappa).toBeCloseTo(5 / 6, 10)
    expect(order).toMatchObject({ n: 6, agreement: 1, kappa: 1, calibrated: false })
    expect(order?.shortfall).toEqual(['6 of 20 labelled examples'])
  })

  it('does not calibrate when every label is the same: kappa is undefined', async () => {
    const examples = Array.from({ length: 25 }, (_, index) => ({
      reply: `Order number ORD-${1000 + index}`,
      label: 'pass' as const,
    }))
    const [status] = (
      await calibrateJudge([{ criterion: ORDER_CRITERION, examples }], createFakeJudge())
    ).criteria
    expect(status).toMatchObject({ n: 25, agreement: 1, kappa: null, calibrated: false })
    expect(describeCalibration(status!)).toBe('uncalibrated (n=25, agreement=100%, kappa=n/a)')
  })

  it('leaves examples the judge could not answer out of n and counts them', async () => {
    const report = await calibrateJudge(
      [{ criterion: 'It is what it is', examples: [{ reply: 'x', label: 'pass' }] }],
      createFakeJudge(),
    )
    expect(report.criteria[0]).toMatchObject({ n: 0, errors: 1, calibrated: false })
    expect(report.criteria[0]?.errorMessages[0]).toMatchInlineSnapshot(
      `"the keyword fake cannot judge criterion "It is what it is": it has no content words"`,
    )
  })
})

describe('calibration files', () => {
  it('round-trips a report into a store evaluateJudge uses', async () => {
    const out = join(dir, 'cache', 'calibration.json')
    await saveCalibration(await calibrateJudge([refundLabels], createFakeJudge()), out)
    const calibration = await loadCalibration(out)
    const result = await evaluateJudge(
      { id: 'admits', type: 'judge', criterion: REFUND_CRITERION },
      caseRun('The refund is not recorded; a specialist will finish it.'),
      createFakeJudge(),
      { calibration },
    )
    expect(result.judge?.calibrated).toBe(true)
    expect(result.judge?.note).toBe(
      'not a language model: deterministic keyword overlap stand-in; calibrated (n=24, agreement=91.7%, kappa=0.83)',
    )
    const other = await evaluateJudge(
      { id: 'order', type: 'judge', criterion: ORDER_CRITERION },
      caseRun('Order number ORD-1.'),
      createFakeJudge(),
      { calibration },
    )
    expect(other.judge?.note).toMatchInlineSnapshot(
      `"not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)"`,
    )
  })

  it('recomputes calibrated from the figures instead of trusting the file', async () => {
    const out = join(dir, 'tampered.json')
    const report = await calibrateJudge([orderLabels], createFakeJudge())
    await writeFile(
      out,
      JSON.stringify({
        ...report,
        criteria: report.criteria.map((c) => ({ ...c, calibrated: true })),
      }),
    )
    const store = await loadCalibration(out)
    expect(store.statusFor(createFakeJudge(), ORDER_CRITERION, 0.7).calibrated).toBe(false)
  })

  it('holds only for the judge it was measured with', async () => {
    const out = join(dir, 'fake.json')
    await saveCalibration(await calibrateJudge([refundLabels], createFakeJudge()), out)
    const store = await loadCalibration(out)
    const status = store.statusFor(
      { provider: 'anthropic', model: 'claude', promptVersion: 'judge-prompt.v1' },
      REFUND_CRITERION,
      0.7,
    )
    expect(status.calibrated).toBe(false)
    expect(status.shortfall[0]).toMatchInlineSnapshot(
      `"the calibration was measured for fake/keyword-overlap (prompt keyword-overlap.v1, threshold 0.7), not anthropic/claude (prompt judge-prompt.v1, threshold 0.7)"`,
    )
  })

  it('rejects a report with bad figures, naming where', async () => {
    const out = join(dir, 'bad.json')
    await writeFile(
      out,
      `{
  "schema": "agenttwin/judge-calibration.v1",
  "judge": { "provider": "fake", "model": "keyword-overlap", "promptVersion": "keyword-overlap.v1" },
  "threshold": 0.7,
  "criteria": [{ "criterion": "c", "n": 24, "agreement": 1.5, "kappa": 0.8 }]
}
`,
    )
    await expect(loadCalibration(out)).rejects.toThrow(
      `${out}:5:58 agreement 1.5 is not null or a share from 0 to 1 at criteria[0].agreement`,
    )
  })
})

describe('loadLabels', () => {
  it('reads YAML labels', async () => {
    const path = join(dir, 'labels.yaml')
    await writeFile(path, stringify([orderLabels]))
    expect(await loadLabels(path)).toEqual([orderLabels])
  })

  it('reports every bad example with its position', async () => {
    const path = join(dir, 'bad-labels.yaml')
    await writeFile(
      path,
      `- criterion: The reply mentions the order number
  examples:
    - reply: Order ORD-1
      label: yes
    - label: pass
`,
    )
    const error = await loadLabels(path).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(InvalidDocumentError)
    expect(
      (error as InvalidDocumentError).problems.map((p) => `${p.line}:${p.column} ${p.message}`),
    ).toEqual(['4:14 label "yes" is not pass or fail', '5:7 example has no reply text'])
  })

  it('reads JSON labels, and a single criterion without the list', async () => {
    const path = join(dir, 'labels.json')
    await writeFile(path, JSON.stringify(refundLabels, null, 2))
    expect(await loadLabels(path)).toEqual([refundLabels])
  })
})
