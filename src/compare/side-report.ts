import type { CaseRun } from '../core/case-run.ts'
import type { VerifiedStatus } from '../core/claim.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import { verifyOutcome } from '../evaluate/outcome.ts'
import { utilityAndSecurity } from '../evaluate/security.ts'
import { effectiveLabel, overrideApplies } from '../judge/review.ts'
import type { ReportedExpectation, SideReport } from './report.ts'
import { retryView } from './retries.ts'

function reported(
  result: ExpectationResult,
  results: readonly ExpectationResult[],
): ReportedExpectation {
  const item: ReportedExpectation = {
    id: result.id,
    type: result.type,
    critical: result.critical,
    label: effectiveLabel(result, results),
    message: result.message,
    evidence: result.evidence,
  }
  if (result.turn !== undefined) item.turn = result.turn
  if (result.override) {
    const { label, originalLabel, reviewer, note } = result.override
    item.override = {
      label,
      originalLabel,
      reviewer,
      note,
      applied: overrideApplies(result, results),
    }
  }
  return item
}

/**
 * The scenario's own outcomeVerified verdict when it declares one (it may check
 * a path); otherwise the reported successes weighed against the final state.
 */
function verifiedView(run: CaseRun, results: readonly ExpectationResult[]): SideReport['verified'] {
  const declared = results.find((result) => result.type === 'outcomeVerified')
  const evidence = declared?.evidence as { status?: unknown } | null | undefined
  if (declared && typeof evidence?.status === 'string') {
    const status = evidence.status as VerifiedStatus
    return { status, verified: declared.verified ?? false, reason: declared.message }
  }
  const { status, verified, reason } = verifyOutcome(run)
  return { status, verified, reason }
}

/**
 * One side of a case for the report: finish state, claimed outcome, the
 * expectations that did not pass (effective labels), metrics and retries.
 */
export function sideReport(run: CaseRun, results: readonly ExpectationResult[]): SideReport {
  const records = [...run.records].sort((a, b) => a.seq - b.seq)
  const side: SideReport = {
    finished: run.finished,
    failed: results
      .filter((result) => effectiveLabel(result, results) !== 'PASS')
      .map((result) => reported(result, results)),
    metrics: { latencyMs: run.metrics.latencyMs, toolCalls: records.length },
    retries: retryView(records),
  }
  if (run.metrics.tokens) side.metrics.tokens = run.metrics.tokens
  // Only what was seen: a run nobody watched the model traffic of has no label.
  if (run.llm) side.llm = run.llm
  if (run.models) {
    const names = [...new Set(run.models.calls.flatMap((call) => call.model ?? []))].sort()
    side.models = { names, cachedTokens: run.models.totals.cachedTokens }
    if (run.models.costUsd !== undefined) side.models.costUsd = run.models.costUsd
  }
  if (run.finished && run.result) side.outcome = run.result.outcome
  if (run.error) side.error = run.error
  if (run.refused && run.refused.length > 0) side.refused = run.refused
  side.verified = verifiedView(run, results)
  const apart = utilityAndSecurity(results, (result) => effectiveLabel(result, results))
  if (apart.security) side.apart = apart
  return side
}
