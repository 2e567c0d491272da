import { type CallSite, formatCallSite } from '../core/call-site.ts'
import { AgentTwinError, type ErrorParts } from '../core/errors.ts'
import type { RuleProblem } from './check-rule.ts'

/** `<file:line:col> fault rule "x" at tool: …`: where the rule was written, when it was written in code. */
function headline(ruleId: string, problem: RuleProblem, site: CallSite | undefined): string {
  const where = site ? `${formatCallSite(site)} ` : ''
  return `${where}fault rule "${ruleId}"${problem.path ? ` at ${problem.path}` : ''}: ${problem.message}`
}

/** One line per problem, each with its own fix. */
function parts(ruleId: string, problems: RuleProblem[], site: CallSite | undefined): ErrorParts {
  return {
    problem: problems.map((problem) => headline(ruleId, problem, site)).join('\n'),
    fix: problems.map((problem) => problem.fix).join('\n'),
    message: problems
      .map((problem) => `${headline(ruleId, problem, site)}. Fix: ${problem.fix}`)
      .join('\n'),
  }
}

/** A fault rule names a type the catalog does not have. Code `AGENTTWIN_UNKNOWN_FAULT_TYPE`. */
export class UnknownFaultTypeError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNKNOWN_FAULT_TYPE'
  readonly ruleId: string
  readonly faultType: string
  /** The problem, as every entry point reports it. */
  readonly problems: RuleProblem[]
  /** Where the rule was written, for a rule built in code. */
  readonly site: CallSite | undefined

  constructor(ruleId: string, faultType: string, problem: RuleProblem, site?: CallSite) {
    super(parts(ruleId, [problem], site))
    this.ruleId = ruleId
    this.faultType = faultType
    this.problems = [problem]
    this.site = site
  }
}

/** A fault rule that cannot be run as written; lists every problem. Code `AGENTTWIN_INVALID_FAULT_RULE`. */
export class InvalidFaultRuleError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_FAULT_RULE'
  readonly ruleId: string
  readonly problems: RuleProblem[]
  /** Where the rule was written, for a rule built in code. */
  readonly site: CallSite | undefined

  constructor(ruleId: string, problems: RuleProblem[], site?: CallSite) {
    super(parts(ruleId, problems, site))
    this.ruleId = ruleId
    this.problems = problems
    this.site = site
  }
}
