/**
 * The words a source's checker may use for the status fields, and what each
 * means here. A word outside these lists is a data error the row names, never
 * a silent `unknown`: a typo must not read as "proves nothing" while the real
 * value was a pass.
 */

/** What `execution_status` says about the call. */
export type ExecutionMeaning = 'executed' | 'not_executed' | 'unknown'

const EXECUTION_WORDS: Record<ExecutionMeaning, readonly string[]> = {
  // `pass` / `fail` is the outcome-contract source's own vocabulary.
  executed: [
    'pass',
    'passed',
    'success',
    'succeeded',
    'ok',
    'executed',
    'done',
    'completed',
    'accepted',
  ],
  not_executed: ['fail', 'failed', 'failure', 'error', 'rejected', 'not_executed', 'skipped'],
  unknown: ['unknown', 'timeout', 'timed_out', 'indeterminate'],
}

const EXECUTION = new Map<string, ExecutionMeaning>(
  (Object.entries(EXECUTION_WORDS) as [ExecutionMeaning, readonly string[]][]).flatMap(
    ([meaning, words]) => words.map((word) => [word, meaning] as const),
  ),
)

/** The commit statuses a record may carry. */
export const COMMIT_STATUSES = [
  'committed',
  'rejected',
  'pending',
  'partial',
  'not_attempted',
  'unknown',
] as const

const COMMITS = new Set<string>(COMMIT_STATUSES)

/** `execution_status` as recorded, normalised, with its meaning; undefined for a word outside the vocabulary. */
export function executionMeaning(status: string): ExecutionMeaning | undefined {
  return EXECUTION.get(normalise(status))
}

/** Whether `commit_status` is one of the known statuses. */
export function isCommitStatus(status: string): boolean {
  return COMMITS.has(normalise(status))
}

/** Lower case, trimmed: `Pass` and ` pass ` are `pass`. */
export function normalise(status: string): string {
  return status.trim().toLowerCase()
}

/** The problem for a word outside the vocabulary, listing what is accepted. */
export function unknownWordProblem(
  field: 'execution_status' | 'commit_status',
  value: string,
): string {
  const accepted =
    field === 'execution_status'
      ? Object.entries(EXECUTION_WORDS)
          .map(([meaning, words]) => `${words.join(' | ')} (${meaning.replace('_', ' ')})`)
          .join('; ')
      : COMMIT_STATUSES.join(' | ')
  return `${field} "${value}" is not a known value; use one of: ${accepted}`
}
