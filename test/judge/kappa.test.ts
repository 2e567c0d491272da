import { describe, expect, it } from 'vitest'
import {
  agreement,
  CALIBRATION_RULES,
  calibrationStatus,
  cohensKappa,
  describeCalibration,
  type LabelPair,
  UNCALIBRATED,
} from '../../src/judge/index.ts'

/** `counts` = [both pass, judge pass/human fail, judge fail/human pass, both fail]. */
function pairs([pp, pf, fp, ff]: [number, number, number, number]): LabelPair[] {
  return [
    ...Array.from({ length: pp }, () => ({ judge: 'pass', human: 'pass' }) as const),
    ...Array.from({ length: pf }, () => ({ judge: 'pass', human: 'fail' }) as const),
    ...Array.from({ length: fp }, () => ({ judge: 'fail', human: 'pass' }) as const),
    ...Array.from({ length: ff }, () => ({ judge: 'fail', human: 'fail' }) as const),
  ]
}

describe('cohensKappa', () => {
  it.each([
    // po = 0.8; pe = 0.5·0.5 + 0.5·0.5 = 0.5; κ = 0.3 / 0.5
    { counts: [4, 1, 1, 4], kappa: 0.6, po: 0.8 },
    // po = 35/50 = 0.7; judge pass 25/50, human pass 30/50; pe = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2 / 0.5
    { counts: [20, 5, 10, 15], kappa: 0.4, po: 0.7 },
    // complete disagreement: po = 0, pe = 0.5, κ = −0.5 / 0.5
    { counts: [0, 2, 2, 0], kappa: -1, po: 0 },
    // perfect agreement with both labels present: κ = 1
    { counts: [3, 0, 0, 2], kappa: 1, po: 1 },
    // judge always says pass, humans 3 pass / 1 fail: po = 0.75 = pe → κ = 0 (no better than chance)
    { counts: [3, 1, 0, 0], kappa: 0, po: 0.75 },
    // judge always pass, humans always fail: po = 0, pe = 0 → κ = 0
    { counts: [0, 4, 0, 0], kappa: 0, po: 0 },
    // po = 0.9; judge pass 0.5, human pass 0.6; pe = 0.3 + 0.2 = 0.5; κ = 0.4 / 0.5
    { counts: [5, 0, 1, 4], kappa: 0.8, po: 0.9 },
  ] as const)('counts $counts give kappa $kappa', ({ counts, kappa, po }) => {
    const labelled = pairs([...counts])
    expect(cohensKappa(labelled)).toBeCloseTo(kappa, 10)
    expect(agreement(labelled)).toBeCloseTo(po, 10)
  })

  it('is undefined (null) when both sides gave every example the same label: pe = 1', () => {
    expect(cohensKappa(pairs([6, 0, 0, 0]))).toBeNull()
    expect(cohensKappa(pairs([0, 0, 0, 6]))).toBeNull()
    expect(agreement(pairs([6, 0, 0, 0]))).toBe(1)
  })

  it('is undefined for no pairs, and so is agreement', () => {
    expect(cohensKappa([])).toBeNull()
    expect(agreement([])).toBeNull()
  })
})

describe('calibrationStatus', () => {
  it('calibrates exactly at the rule boundaries: n = 20, agreement 80 %, kappa 0.6', () => {
    const labelled = pairs([8, 2, 2, 8])
    const status = calibrationStatus({
      n: 20,
      agreement: agreement(labelled),
      kappa: cohensKappa(labelled),
    })
    expect(CALIBRATION_RULES).toEqual({ minExamples: 20, minAgreement: 0.8, minKappa: 0.6 })
    expect(status.calibrated).toBe(true)
    expect(describeCalibration(status)).toBe('calibrated (n=20, agreement=80%, kappa=0.6)')
  })

  it('lists every rule a judge falls short of', () => {
    const status = calibrationStatus({ n: 12, agreement: 0.75, kappa: 0.48 })
    expect(status.calibrated).toBe(false)
    expect(status.shortfall).toEqual([
      '12 of 20 labelled examples',
      'agreement 75% below 80%',
      'kappa 0.48 below 0.6',
    ])
    expect(describeCalibration(status)).toBe('uncalibrated (n=12, agreement=75%, kappa=0.48)')
  })

  it('never calibrates with an undefined kappa, however many examples agree', () => {
    const status = calibrationStatus({ n: 40, agreement: 1, kappa: null })
    expect(status.calibrated).toBe(false)
    expect(status.shortfall).toEqual([
      'kappa undefined: judge and humans used one and the same label throughout',
    ])
  })

  it('starts everyone uncalibrated with n=0', () => {
    expect(describeCalibration(UNCALIBRATED)).toBe('uncalibrated (n=0, agreement=n/a, kappa=n/a)')
  })
})
