import type { OutcomeRecord } from '../../../src/contract/index.ts'

/** A row that passes every check; override what a test is about. */
export function goodRow(
  overrides: Partial<Record<keyof OutcomeRecord, unknown>> = {},
): OutcomeRecord {
  return {
    trace_id: 'trace-7f3a',
    run_id: 'run-2026-02-02-01',
    operation_id: 'op-81c2',
    attempt: 1,
    contract_id: 'refund-order',
    entity_ref: 'ORD-1001',
    execution_status: 'success',
    commit_status: 'committed',
    claim_class: 'updated',
    evidence_status: 'complete',
    expected_state: { refund_count: 1, refunded_amount: 40 },
    observed_state: { refunded_amount: 40, refund_count: 1 },
    state_version: 'v-17',
    checked_at: '2026-02-02T10:00:05.000Z',
    checker_version: 'outcome-checker@1.4.0',
    ...overrides,
  } as OutcomeRecord
}

/** One JSON line per row; `undefined` fields are left out, as a source would. */
export function jsonl(rows: readonly (OutcomeRecord | string)[]): string[] {
  return rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row)))
}
