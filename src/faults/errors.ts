import { AgentTwinError } from '../core/errors.ts'
import type { RuleProblem } from './check-rule.ts'

function describe(ruleId: string, problem: RuleProblem): string {
  const where = problem.path ? ` at ${problem.path}` : ''
  return `fault rule "${ruleId}"${where}: ${problem.message}. Fix: ${problem.fix}`
}

/** A fault rule names a type the catalog does not have. Code `UNKNOWN_FAULT_TYPE`. */
export class UnknownFaultTypeError extends AgentTwinError {
  readonly ruleId: string
  readonly faultType: string

  constructor(ruleId: string, faultType: string, problem: RuleProblem) {
    super('UNKNOWN_FAULT_TYPE', describe(ruleId, problem))
    this.ruleId = ruleId
    this.faultType = faultType
  }
}

/** A fault rule that cannot be run as written; lists every problem. Code `INVALID_FAULT_RULE`. */
export class InvalidFaultRuleError extends AgentTwinError {
  readonly ruleId: string
  readonly problems: RuleProblem[]

  constructor(ruleId: string, problems: RuleProblem[]) {
    super('INVALID_FAULT_RULE', problems.map((problem) => describe(ruleId, problem)).join('\n'))
    this.ruleId = ruleId
    this.problems = problems
  }
}
