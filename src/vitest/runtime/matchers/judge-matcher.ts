import type { JudgeTraffic } from '../../../case/judge-traffic.ts'
import type { CaseRun } from '../../../core/case-run.ts'
import { evaluateJudge, judgeOver } from '../../../judge/index.ts'
import { optionsArgument, textArgument } from './arguments.ts'
import { matcherJudge, matcherJudgeOptions } from './configure.ts'
import type { MatcherPart } from './define.ts'
import { evidenceOf } from './verdict.ts'

// One judge cassette per run, however many criteria a test asks about it.
const traffics = new WeakMap<CaseRun, Promise<JudgeTraffic>>()

// The judge's traffic goes through the model machinery (MSW), loaded when a
// judge first runs. The promise is kept, so judges of one run share one traffic.
function trafficOf(run: CaseRun): Promise<JudgeTraffic> {
  let traffic = traffics.get(run)
  if (!traffic) {
    traffic = import('../../../case/judge-traffic.ts').then(({ judgeTraffic }) => judgeTraffic(run))
    traffics.set(run, traffic)
  }
  return traffic
}

/**
 * `await expect(run).toPassJudge(criterion, { threshold })`: the `judge`
 * expectation. Passes only on a `pass` verdict scoring at least the threshold;
 * a judge that is down, slow, refuses or answers no verdict is `ERROR`, which
 * fails with and without `.not`.
 * @example
 * await expect(run).toPassJudge('The reply says the refund is not recorded and a specialist will finish it')
 */
export const toPassJudge: MatcherPart<'toPassJudge'> = {
  async: true,
  spell({ name, run }, criterion, givenOptions) {
    const options = optionsArgument(name, givenOptions, ['threshold', 'include', 'judge'])
    const asked = textArgument(name, 'criterion', criterion)
    const defaults = matcherJudgeOptions()
    const chosen = matcherJudge(options.judge)
    return {
      expectation: {
        id: name,
        type: 'judge',
        criterion: asked,
        ...(options.include ? { include: options.include } : {}),
        ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
      },
      options: {
        judge: async (expectation, run) => {
          // The judge's calls are the run's model traffic: recorded beside its cassette, replayed in CI.
          const traffic = await trafficOf(run)
          const judge = judgeOver(chosen, traffic.fetch)
          const result = await evaluateJudge(expectation, run, judge, defaults)
          traffic.finish()
          return result
        },
      },
      wording: { positive: `to pass the judge on "${asked}"` },
    }
  },
  diff(result, expectation) {
    const evidence = evidenceOf(result)
    const verdict = evidenceOf({ ...result, evidence: evidence.verdict ?? null })
    const threshold =
      evidence.threshold ?? expectation.threshold ?? matcherJudgeOptions().threshold ?? 0.7
    return {
      actual: { verdict: verdict.label ?? null, score: verdict.score ?? null },
      expected: { verdict: 'pass', score: `>= ${threshold}` },
    }
  },
}
