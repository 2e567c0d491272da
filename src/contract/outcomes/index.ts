export {
  type CheckOutcomeOptions,
  checkOutcome,
  type RecordedOutcomeCheck,
} from './check-outcome.ts'
export {
  type CheckOutcomesOptions,
  checkOutcomeFile,
  checkOutcomeLines,
  type MalformedLine,
  type OutcomeRow,
  type OutcomeSummary,
} from './check-outcomes.ts'
export { DEFAULT_ALLOWED_CLAIMS } from './outcome-claim.ts'
export { LINKAGE_FIELDS, type OutcomeRecord, readOutcomeLine } from './outcome-record.ts'
export {
  formatMalformed,
  formatOutcomeRow,
  formatOutcomeSummary,
  outcomeRowJson,
} from './outcome-report.ts'
