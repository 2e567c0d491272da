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
export {
  type PinnedCase,
  type PinnedSelection,
  type PinOptions,
  pinCase,
  pinSelection,
  type ScenarioSource,
} from './pin.ts'
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
