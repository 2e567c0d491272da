export type { VerifiedStatus } from '../core/claim.ts'
export {
  type ExpectationResult,
  isPassing,
  type ResultLabel,
  type ResultOverride,
} from '../core/expectation-result.ts'
export { type DiffOptions, diffStates, type StateDifference } from '../core/state-diff.ts'
export { argsMatch, defaultArgsMode } from './args-match.ts'
export { evaluateAttackerGoal, type InjectionSeen, injectionsSeen } from './attacker-goal.ts'
export { evaluateCallOrder } from './call-order.ts'
export { evaluateCalledTool } from './called-tool.ts'
export { RecordIndexError } from './errors.ts'
export { type EvaluateOptions, evaluateExpectation, evaluateExpectations } from './evaluate.ts'
export { evaluateHandoff, handoffTools, isHandoff } from './handoff.ts'
export { evaluateMaxRetries } from './max-retries.ts'
export { evaluateNoCollateralChanges } from './no-collateral-changes.ts'
export { evaluateNoDuplicateSideEffect } from './no-duplicate-side-effect.ts'
export { evaluateNotCalledTool } from './not-called-tool.ts'
export {
  isContradiction,
  type OutcomeCheck,
  type OutcomeVerification,
  type UnbackedSuccess,
  unbackedReason,
  verifyOutcome,
} from './outcome.ts'
export { evaluateOutcomeVerified } from './outcome-verified.ts'
export { isFailedCall, sawSuccess } from './records.ts'
export { countRetries, findRetries, isRetry } from './retry.ts'
export {
  isSecurityResult,
  type UtilityAndSecurity,
  utilityAndSecurity,
  type VerdictTally,
} from './security.ts'
export { evaluateState } from './state.ts'
export {
  checkTraceAgainstRecords,
  describeTraceFinding,
  evaluateTraceMatchesRecords,
} from './trace-matches-records.ts'
export { evaluateTrajectory } from './trajectory.ts'
export { checkStateValue, describeCheck, type ValueCheckOutcome } from './value-check.ts'
