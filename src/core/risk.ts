/** How much harm a tool call can do; drives comparison sentences and evaluators. */
export type RiskLevel =
  | 'READ'
  | 'WRITE_REVERSIBLE'
  | 'WRITE_IRREVERSIBLE'
  | 'OUTBOUND_COMMUNICATION'

export const RISK_LEVELS: readonly RiskLevel[] = [
  'READ',
  'WRITE_REVERSIBLE',
  'WRITE_IRREVERSIBLE',
  'OUTBOUND_COMMUNICATION',
]
