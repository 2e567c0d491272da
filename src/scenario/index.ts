export type {
  AgentResult,
  AgentToolCall,
  CaseError,
  CaseRun,
  CaseTool,
  CaseUser,
  ClaimedOutcome,
  ConversationEnd,
  InferredClaim,
} from '../core/case-run.ts'
export { agentResultProblems, normaliseAgentResult } from './agent-result.ts'
export { DEFAULT_CASE_TIMEOUT_MS } from './case-timeout.ts'
export { type JudgeTraffic, judgeTraffic } from './judge-traffic.ts'
export {
  type PinnedCase,
  type PinnedSelection,
  type PinOptions,
  pinCase,
  pinSelection,
  type ScenarioSource,
} from './pin.ts'
export { type CaseModelsOptions, type RunCaseOptions, runCase } from './run-case.ts'
export {
  MAX_TRIALS,
  type PairSide,
  pinSideTrial,
  pinTrial,
  sideTrialSeed,
  trialSeed,
} from './trial.ts'
export type { Agent, AgentContext, ConversationContext, ConversationMessage } from './types.ts'
export { securityExpectationId, underAttack } from './under-attack.ts'
export { DETERMINISTIC_USER_NOTE } from './user-simulator.ts'
export { pinsUser } from './user-turns.ts'
