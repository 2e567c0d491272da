import { AgentTwinError } from '../../../core/errors.ts'
import { endSentence } from '../../../core/sentence.ts'

/** A matcher was handed something that is not a `CaseRun`. Code `AGENTTWIN_NOT_A_CASE_RUN`. */
export class NotACaseRunError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_NOT_A_CASE_RUN'

  constructor(matcher: string, received: string) {
    super({
      problem: `${matcher} checks a CaseRun, but received ${received}.`,
      fix:
        'pass what `run(agent)` (describeScenario), `runCase(pinned, agent)` or `twin.caseRun(result)` (useTwin) returns, e.g. `expect(await run(agent)).' +
        `${matcher}(...)\`.`,
    })
  }
}

/** A matcher argument the evaluator cannot take. Code `AGENTTWIN_INVALID_MATCHER_ARGUMENT`. */
export class InvalidMatcherArgumentError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_MATCHER_ARGUMENT'

  constructor(matcher: string, problem: string, fix: string) {
    super({ problem: `${matcher}: ${endSentence(problem)}`, fix: endSentence(fix) })
  }
}
