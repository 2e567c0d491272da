import { contentKeywords, stem, tokens } from './keywords.ts'
import type { Judge, JudgeOutcome, JudgeRequest } from './types.ts'

/** Shown in every result of the fake judge. */
export const FAKE_JUDGE_NOTE = 'not a language model: deterministic keyword overlap stand-in'

/**
 * The offline stand-in judge. It is NOT a language model and understands nothing:
 * score = share of the criterion's content keywords (lowercased, stop words removed,
 * simply stemmed) found in the reply; label `pass` when score ≥ the threshold.
 * Evidence is ignored. Same criterion + reply + threshold → same verdict, always.
 * It lets suites run offline; use a real judge (`AGENTTWIN_JUDGE`) for meaning.
 * @example
 * const outcome = await createFakeJudge().judge({
 *   criterion: 'The reply says the refund is not recorded', reply: 'Your refund is not recorded yet.', threshold: 0.7,
 * }) // { ok: true, label: 'pass', score: 1, ... }
 */
export function createFakeJudge(): Judge {
  return {
    provider: 'fake',
    model: 'keyword-overlap',
    kind: 'deterministic-fake',
    promptVersion: 'keyword-overlap.v1',
    note: FAKE_JUDGE_NOTE,
    async judge(request: JudgeRequest): Promise<JudgeOutcome> {
      return judgeByKeywords(request.criterion, request.reply, request.threshold)
    },
  }
}

/** The fake's whole logic, synchronous and pure. */
export function judgeByKeywords(criterion: string, reply: string, threshold: number): JudgeOutcome {
  const wanted = contentKeywords(criterion)
  if (wanted.length === 0) {
    return {
      ok: false,
      failure: 'cannot-judge',
      message: `the keyword fake cannot judge criterion "${criterion}": it has no content words`,
    }
  }
  const present = new Set(tokens(reply).map(stem))
  const matched = wanted.filter((word) => present.has(word))
  const missing = wanted.filter((word) => !present.has(word))
  const score = matched.length / wanted.length
  const reason =
    `keyword overlap ${matched.length}/${wanted.length}` +
    (matched.length ? `; found: ${matched.join(', ')}` : '') +
    (missing.length ? `; missing: ${missing.join(', ')}` : '')
  return { ok: true, cached: false, label: score >= threshold ? 'pass' : 'fail', score, reason }
}
