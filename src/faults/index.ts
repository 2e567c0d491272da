export type {
  ActiveFault,
  CallerView,
  DependencyEffect,
  FaultContext,
  FaultDecision,
  FaultParamSpec,
  FaultPolicy,
  FaultType,
  McpCallerKind,
  TwinAnswer,
} from '../core/fault-model.ts'
export {
  type FaultRule,
  FaultRuleBuilder,
  type FaultRuleInput,
  fault,
  type TypedFaultRule,
} from './builder.ts'
export { type FaultTypeName, faultCatalog, faultTypeNames, getFaultType } from './catalog.ts'
export { checkFaultRule, type RuleProblem } from './check-rule.ts'
export {
  type CheckedFaultRule,
  type CheckRulesOptions,
  checkedFaultRule,
  checkFaultRules,
  isCheckedFaultRule,
} from './checked-rule.ts'
export { InvalidFaultRuleError, UnknownFaultTypeError } from './errors.ts'
export { createFaultPolicy, type FaultPolicyOptions } from './rules.ts'
export { seededUnit } from './seeded.ts'
