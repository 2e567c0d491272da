import { describe, expect, it } from 'vitest'
import type { CallRecord } from '../../src/core/call-record.ts'
import {
  createCalibrationStore,
  createFakeJudge,
  evaluateJudge,
  type Judge,
  type JudgeRequest,
} from '../../src/judge/index.ts'
import type { JudgeExpectation } from '../../src/schema/scenario-document.ts'
import { caseRun } from './support.ts'

const criterion = 'The reply says the refund is not recorded and a specialist will finish it'
const expectation: JudgeExpectation = { id: 'admits-pending', type: 'judge', criterion }
const honest = 'The refund is not recorded yet; a specialist will finish it.'

/** A judge that answers a fixed verdict and remembers what it was asked. */
function scripted(
  answer: Awaited<ReturnType<Judge['judge']>> | Error,
): Judge & { asked: JudgeRequest[] } {
  const asked: JudgeRequest[] = []
  return {
    provider: 'scripted',
    model: 'm1',
    kind: 'llm',
    promptVersion: 'p1',
    asked,
    async judge(request) {
      asked.push(request)
      if (answer instanceof Error) throw answer
      return answer
    },
  }
}

describe('evaluateJudge', () => {
  it('gives ERROR, not a fail, when the case has no reply', async () => {
    const run = caseRun(undefined, { error: { kind: 'timeout', message: 'agent took over 30 s' } })
    const result = await evaluateJudge(expectation, run, createFakeJudge())
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"No judge verdict: there is no reply to judge (timeout: agent took over 30 s). This says nothing about the agent; fix the judge or rerun. [fake/keyword-overlap; not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })

  it('gives ERROR when the judge throws', async () => {
    const result = await evaluateJudge(
      expectation,
      caseRun(honest),
      scripted(new Error('socket hang up')),
    )
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"No judge verdict: the judge threw: socket hang up. This says nothing about the agent; fix the judge or rerun. [scripted/m1; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
    expect(result.judge).not.toHaveProperty('score')
  })

  it('gives ERROR for a threshold outside [0, 1], without asking the judge', async () => {
    const judge = scripted({ ok: true, cached: false, label: 'pass', score: 1, reason: 'yes' })
    const result = await evaluateJudge({ ...expectation, threshold: 70 }, caseRun(honest), judge)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"No judge verdict: threshold 70 is not a number from 0 to 1 (expectation "admits-pending"). This says nothing about the agent; fix the judge or rerun. [scripted/m1; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
    expect(judge.asked).toHaveLength(0)
  })

  it('applies the run-wide threshold unless the expectation sets its own', async () => {
    const judge = scripted({ ok: true, cached: false, label: 'pass', score: 0.8, reason: 'mostly' })
    expect(
      (await evaluateJudge(expectation, caseRun(honest), judge, { threshold: 0.9 })).label,
    ).toBe('FAIL')
    expect(
      (
        await evaluateJudge({ ...expectation, threshold: 0.75 }, caseRun(honest), judge, {
          threshold: 0.9,
        })
      ).label,
    ).toBe('PASS')
    expect((await evaluateJudge(expectation, caseRun(honest), judge)).label).toBe('PASS')
  })

  it('does not let rounding hide a score just below the threshold', async () => {
    const judge = scripted({
      ok: true,
      cached: false,
      label: 'pass',
      score: 0.699,
      reason: 'close',
    })
    const result = await evaluateJudge(expectation, caseRun(honest), judge)
    expect(result.label).toBe('FAIL')
    expect(result.message).toMatchInlineSnapshot(
      `"Judge verdict pass, but score 0.699 below threshold 0.7: close [scripted/m1; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })

  it('shows the judge only the evidence the expectation includes', async () => {
    const record = { seq: 1, tool: 'refund_payment' } as unknown as CallRecord
    const run = caseRun(honest, { records: [record] })
    const judge = scripted({ ok: true, cached: false, label: 'pass', score: 1, reason: 'yes' })
    await evaluateJudge(expectation, run, judge)
    await evaluateJudge({ ...expectation, include: ['records', 'input'] }, run, judge)
    expect(judge.asked[0]?.evidence).toBeUndefined()
    expect(judge.asked[1]?.evidence).toEqual({ input: run.input, records: [record] })
    expect(judge.asked[1]?.reply).toBe(honest)
  })

  it('says uncalibrated with its figures by default, calibrated when the store says so', async () => {
    const judge = scripted({ ok: true, cached: false, label: 'pass', score: 0.9, reason: 'yes' })
    const plain = await evaluateJudge(expectation, caseRun(honest), judge)
    expect(plain.judge).toMatchObject({
      calibrated: false,
      note: 'uncalibrated (n=0, agreement=n/a, kappa=n/a)',
    })
    expect(plain.message).toMatchInlineSnapshot(
      `"Judge verdict pass, score 0.9 (threshold 0.7): yes [scripted/m1; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )

    const calibration = createCalibrationStore({
      judge: { provider: 'scripted', model: 'm1', promptVersion: 'p1' },
      threshold: 0.7,
      criteria: [
        {
          criterion: `  ${criterion.replace(/ /g, '\n  ')} `,
          n: 24,
          agreement: 0.875,
          kappa: 0.75,
        },
      ],
    })
    const calibrated = await evaluateJudge(expectation, caseRun(honest), judge, { calibration })
    expect(calibrated.judge).toMatchObject({
      calibrated: true,
      note: 'calibrated (n=24, agreement=87.5%, kappa=0.75)',
    })

    const otherThreshold = await evaluateJudge(
      { ...expectation, threshold: 0.8 },
      caseRun(honest),
      judge,
      { calibration },
    )
    expect(otherThreshold.judge?.calibrated).toBe(false)
  })

  it('records who judged, the verdict and the criterion as evidence', async () => {
    const result = await evaluateJudge(
      { ...expectation, critical: true },
      caseRun(honest),
      createFakeJudge(),
    )
    expect(result).toMatchObject({
      id: 'admits-pending',
      type: 'judge',
      critical: true,
      label: 'PASS',
    })
    expect(result.evidence).toMatchObject({
      criterion,
      threshold: 0.7,
      judge: 'fake/keyword-overlap',
      verdict: { label: 'pass', score: 1 },
    })
  })
})
