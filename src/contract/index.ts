/**
 * Outcome contracts: per business action, what the agent may do, what must
 * hold afterwards, who provides the evidence and what the agent may tell the
 * user. A checked outcome carries four verdicts (execution, state, claim,
 * evidence), each proven on its own; unknown is never a pass. The
 * `contract.v1` document itself (types, schema, loader) lives in `src/schema`.
 */

export { CLAIM_FAMILIES, type ClaimFamily, normaliseClaimClass } from '../core/claim.ts'
export { DEFAULT_CLAIM_CLASSES, familyOfClass } from '../core/claim-classes.ts'
export {
  type ClaimPhraseTable,
  DEFAULT_CLAIM_PHRASES,
  extendClaimPhrases,
  normaliseReply,
  type PhraseFamily,
} from '../core/claim-phrases.ts'
export {
  type ClaimReading,
  type ClaimReadingOptions,
  readReplyClaim,
  readStructuredClaim,
} from '../core/classify-claim.ts'
export {
  type ActionAnalysis,
  type ActionAttempt,
  type AttemptKind,
  analyseActions,
} from './actions.ts'
export { type CheckContractOptions, type ContractCheck, checkContract } from './check-contract.ts'
export {
  type ContractEvaluatorOptions,
  type ContractExpectationInput,
  createContractEvaluator,
  evaluateContract,
} from './evaluate-contract.ts'
export {
  type CheckOutcomeOptions,
  checkOutcome,
  type RecordedOutcomeCheck,
} from './outcomes/check-outcome.ts'
export {
  type CheckOutcomesOptions,
  checkOutcomeFile,
  checkOutcomeLines,
  type MalformedLine,
  type OutcomeRow,
  type OutcomeSummary,
} from './outcomes/check-outcomes.ts'
export { DEFAULT_ALLOWED_CLAIMS } from './outcomes/outcome-claim.ts'
export { LINKAGE_FIELDS, type OutcomeRecord, readOutcomeLine } from './outcomes/outcome-record.ts'
export {
  formatMalformed,
  formatOutcomeRow,
  formatOutcomeSummary,
  outcomeRowJson,
} from './outcomes/outcome-report.ts'
export { CLAIM_CRITERIA, type ReadClaimOptions, readClaim } from './read-claim.ts'
export {
  createRedactor,
  DEFAULT_SENSITIVE_KEYS,
  hashEntityRef,
  MASK,
  type Redactor,
  type RedactorOptions,
} from './redact.ts'
export { stateVersion } from './state-version.ts'
export {
  type ContractVerdicts,
  formatVerdicts,
  type ReasonedVerdict,
  type Verdict,
  verdictsPass,
} from './verdicts.ts'
