import { AgentTwinError } from '../../core/errors.ts'

/** A matcher was handed something that is not a `CaseRun`. Code `NOT_A_CASE_RUN`. */
export class NotACaseRunError extends AgentTwinError {
  constructor(matcher: string, received: string) {
    super(
      'NOT_A_CASE_RUN',
      `${matcher} checks a CaseRun, but received ${received}. ` +
        'Fix: pass what `run(agent)` (describeScenario), `runCase(pinned, agent)` or `twin.caseRun(result)` (useTwin) returns, e.g. `expect(await run(agent)).' +
        `${matcher}(...)\`.`,
    )
  }
}

/** A matcher argument the evaluator cannot take. Code `INVALID_MATCHER_ARGUMENT`. */
export class InvalidMatcherArgumentError extends AgentTwinError {
  constructor(matcher: string, problem: string, fix: string) {
    super('INVALID_MATCHER_ARGUMENT', `${matcher}: ${problem}. Fix: ${fix}.`)
  }
}
