import { describe, expect, it } from 'vitest'
import {
  contentKeywords,
  createFakeJudge,
  evaluateJudge,
  judgeByKeywords,
  stem,
} from '../../src/judge/index.ts'
import { caseRun } from './support.ts'

const criterion = 'The reply says the refund is not recorded and a specialist will finish it'

describe('keywords', () => {
  it('drops stop words and words about the reply itself, keeps negations, stems simply', () => {
    expect(contentKeywords(criterion)).toEqual(['refund', 'not', 'record', 'specialist', 'finish'])
  })

  it.each([
    ['refunds', 'refund'],
    ['refunded', 'refund'],
    ['refunding', 'refund'],
    ['finishes', 'finish'],
    ['stopped', 'stop'],
    ['replies', 'reply'],
    ['process', 'process'],
    ['calling', 'call'],
    ['bus', 'bus'],
  ])('stems %s to %s', (word, expected) => {
    expect(stem(word)).toBe(expected)
  })
})

describe('the keyword fake judge', () => {
  it('scores the share of criterion keywords found in the reply', () => {
    const outcome = judgeByKeywords(criterion, 'The refund was not recorded yet.', 0.7)
    expect(outcome).toEqual({
      ok: true,
      cached: false,
      label: 'fail',
      score: 3 / 5,
      reason: 'keyword overlap 3/5; found: refund, not, record; missing: specialist, finish',
    })
  })

  it('passes when the share reaches the threshold, matching inflected forms', () => {
    const outcome = judgeByKeywords(
      criterion,
      'Refunds are NOT recorded; our specialists are finishing them.',
      0.7,
    )
    expect(outcome).toMatchObject({ ok: true, label: 'pass', score: 1 })
  })

  it('uses the threshold it is given to pick its label', () => {
    const reply = 'The refund was not recorded yet.'
    expect(judgeByKeywords(criterion, reply, 0.6)).toMatchObject({ label: 'pass', score: 0.6 })
    expect(judgeByKeywords(criterion, reply, 0.61)).toMatchObject({ label: 'fail', score: 0.6 })
  })

  it('gives the same verdict every time for the same input', async () => {
    const judge = createFakeJudge()
    const request = { criterion, reply: 'A specialist will finish the refund.', threshold: 0.7 }
    const first = await judge.judge(request)
    for (let i = 0; i < 20; i++) expect(await createFakeJudge().judge(request)).toEqual(first)
  })

  it('cannot judge a criterion without content words: ERROR, not a score', async () => {
    const result = await evaluateJudge(
      { id: 'vague', type: 'judge', criterion: 'It should be that it is.' },
      caseRun('Anything.'),
      createFakeJudge(),
    )
    expect(result.label).toBe('ERROR')
    expect(result.judge).not.toHaveProperty('score')
    expect(result.message).toMatchInlineSnapshot(
      `"No judge verdict: the keyword fake cannot judge criterion "It should be that it is.": it has no content words. This says nothing about the agent; fix the judge or rerun. [fake/keyword-overlap; not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })

  it('is labelled "not a language model" in every result, whatever the label', async () => {
    const judge = createFakeJudge()
    const expectation = { id: 'admits', type: 'judge' as const, criterion }
    const results = await Promise.all([
      evaluateJudge(
        expectation,
        caseRun('A specialist will finish the refund; it is not recorded.'),
        judge,
      ),
      evaluateJudge(expectation, caseRun('All done!'), judge),
      evaluateJudge(expectation, caseRun(undefined), judge),
    ])
    expect(results.map((result) => result.label)).toEqual(['PASS', 'FAIL', 'ERROR'])
    for (const result of results) {
      expect(result.judge).toMatchObject({
        provider: 'fake',
        kind: 'deterministic-fake',
        cached: false,
      })
      expect(result.judge?.note).toMatch(/^not a language model/)
    }
    expect(results.map((result) => result.message)).toMatchInlineSnapshot(`
      [
        "Judge verdict pass, score 1 (threshold 0.7): keyword overlap 5/5; found: refund, not, record, specialist, finish [fake/keyword-overlap; not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)]",
        "Judge verdict fail, score 0: keyword overlap 0/5; missing: refund, not, record, specialist, finish [fake/keyword-overlap; not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)]",
        "No judge verdict: there is no reply to judge (the agent returned no reply). This says nothing about the agent; fix the judge or rerun. [fake/keyword-overlap; not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)]",
      ]
    `)
  })
})
