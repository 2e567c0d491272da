export { differingArguments } from './arguments.ts'
export { buildReport, type ReportExtras } from './build-report.ts'
export {
  CASE_CLASSES,
  type CaseClass,
  type Classification,
  type ClassifiedSide,
  classifyCase,
  type ExpectationChange,
  type ExpectationChangeKind,
  expectationChanges,
} from './classify.ts'
export {
  InvalidGatePolicyError,
  MixedSideError,
  type SelectionMismatch,
  SelectionMismatchError,
} from './errors.ts'
export { formatCall, formatValue } from './format.ts'
export {
  type ClassCounts,
  combineGates,
  DEFAULT_GATE_POLICY,
  decideGate,
  type Gate,
  type GatePolicy,
  type GateVerdict,
  resolveGatePolicy,
} from './gate.ts'
export { compareSteps, type Divergence, type DivergenceKind, firstDivergence } from './lockstep.ts'
export {
  type CaseComparison,
  type ComparedCase,
  compareCase,
  comparedRecord,
  comparePair,
  emptyCounts,
  type PairComparison,
  type SideCase,
  type SideRuns,
} from './pair.ts'
export {
  type AgentRef,
  type CaseMetrics,
  type CaseReport,
  COMPARISON_REPORT_SCHEMA,
  type ComparisonReport,
  type DivergenceSummary,
  type PairReport,
  type ReportedExpectation,
  type RunError,
  type SideReport,
  type SingleCaseReport,
  type SingleVerdict,
} from './report.ts'
export { comparisonReportSchema } from './report-schema.ts'
export { type RetryView, retryView } from './retries.ts'
export { matchSelections } from './selection.ts'
export { describeDivergence, riskAction } from './sentences.ts'
export {
  type CallStep,
  type OutcomeStep,
  type PolicyDecision,
  type ResultClass,
  resultClassOf,
  type Step,
  type StepEffect,
  toSteps,
} from './steps.ts'
export * from './trials/index.ts'
export { type UserTurnDivergence, userTurnDivergence } from './user-turns.ts'
