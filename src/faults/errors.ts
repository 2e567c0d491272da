import { AgentTwinError, type ErrorParts } from '../core/errors.ts'
import type { RuleProblem } from './check-rule.ts'

function describe(ruleId: string, problem: RuleProblem): string {
  const where = problem.path ? ` at ${problem.path}` : ''
  return `fault rule "${ruleId}"${where}: ${problem.message}. Fix: ${problem.fix}`
}

/** One line per problem, each with its own fix. */
function parts(ruleId: string, problems: RuleProblem[]): ErrorParts {
  return {
    problem: problems
      .map(
        (problem) =>
          `fault rule "${ruleId}"${problem.path ? ` at ${problem.path}` : ''}: ${problem.message}`,
      )
      .join('\n'),
    fix: problems.map((problem) => problem.fix).join('\n'),
    message: problems.map((problem) => describe(ruleId, problem)).join('\n'),
  }
}

/** A fault rule names a type the catalog does not have. Code `AGENTTWIN_UNKNOWN_FAULT_TYPE`. */
export class UnknownFaultTypeError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNKNOWN_FAULT_TYPE'
  readonly ruleId: string
  readonly faultType: string

  constructor(ruleId: string, faultType: string, problem: RuleProblem) {
    super(parts(ruleId, [problem]))
    this.ruleId = ruleId
    this.faultType = faultType
  }
}

/** A fault rule that cannot be run as written; lists every problem. Code `AGENTTWIN_INVALID_FAULT_RULE`. */
export class InvalidFaultRuleError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_FAULT_RULE'
  readonly ruleId: string
  readonly problems: RuleProblem[]

  constructor(ruleId: string, problems: RuleProblem[]) {
    super(parts(ruleId, problems))
    this.ruleId = ruleId
    this.problems = problems
  }
}
