import type { ActionAttempt } from './actions.ts'
import { type CheckContext, callName, seenByCaller } from './context.ts'
import { fail, pass, type ReasonedVerdict, unknown } from './verdicts.ts'

/**
 * `execution_ok`: the allowed action executed for this entity, each tool at
 * most `max_executions` times, nothing outside the contract changed the
 * entity, nothing applied only in part. When the precondition does not hold,
 * the action must not execute at all.
 */
export function executionVerdict(context: CheckContext): ReasonedVerdict {
  const { analysis, contract, precondition, ref } = context
  const executed = analysis.attempts.filter((a) => a.kind === 'executed' || a.kind === 'staged')
  const foreign = analysis.foreign.map(
    (record) =>
      `${callName(record)} changed ${ref}, but ${record.tool} is not an allowed action of the contract`,
  )

  if (precondition.kind === 'error') {
    return unknown(
      `the precondition cannot be checked on ${ref} before the run: ${precondition.outcomes
        .filter((o) => o.kind === 'error')
        .map((o) => context.redact.text(o.text))
        .join('; ')}`,
    )
  }
  if (precondition.kind === 'fail') {
    const why = failedConditions(context)
    if (executed.length > 0 || foreign.length > 0) {
      return fail(
        ...executed.map(
          (a) =>
            `${callName(a.record)} executed on ${ref} although the precondition does not hold (${why})`,
        ),
        ...foreign,
      )
    }
    return pass(
      `the precondition does not hold (${why}), so the contract allows no execution, and none happened`,
    )
  }

  const reasons: string[] = [...foreign]
  const notes: string[] = []
  const max = contract.allowed_action.max_executions ?? 1
  for (const tool of contract.allowed_action.tools) {
    const attempts = analysis.attempts.filter((a) => a.record.tool === tool)
    const runs = attempts.filter((a) => a.kind === 'executed')
    const count = runs.reduce((sum, a) => sum + a.executions, 0)
    if (count > max) {
      reasons.push(
        `${tool} executed ${count} times on ${ref} (${runs.map((a) => `#${a.record.seq}`).join(', ')}); the contract allows ${max}`,
      )
    }
    for (const attempt of runs.filter((a) => a.partial)) {
      reasons.push(
        `${callName(attempt.record)} applied only part of its effects on ${ref}${faultOf(attempt)}`,
      )
    }
    if (count > 0) {
      if (count <= max && !runs.some((a) => a.partial)) {
        notes.push(`${runs.map((a) => callName(a.record)).join(', ')} executed on ${ref}`)
      }
      continue
    }
    const staged = attempts.filter((a) => a.kind === 'staged')
    if (staged.length > 0) {
      notes.push(
        `${staged.map((a) => callName(a.record)).join(', ')} accepted for ${ref}; the commit is pending`,
      )
      continue
    }
    reasons.push(neverExecuted(tool, attempts, context))
  }
  return reasons.length > 0 ? fail(...reasons) : pass(...notes)
}

function neverExecuted(tool: string, attempts: ActionAttempt[], context: CheckContext): string {
  const { ref, redact } = context
  if (attempts.length === 0) return `${tool} was never called for ${ref}`
  const parts = attempts.map((attempt) => {
    if (attempt.kind === 'wrong_entity') {
      const others = attempt.siblings.map((id) => redact.ref(id)).join(', ')
      return `${callName(attempt.record)} changed ${others} instead`
    }
    if (attempt.kind === 'replay') return `${callName(attempt.record)} was a replay without effect`
    return `${callName(attempt.record)} answered ${seenByCaller(attempt.record, redact)} and changed nothing`
  })
  return `${tool} never executed on ${ref}: ${parts.join('; ')}`
}

function failedConditions(context: CheckContext): string {
  return context.precondition.outcomes
    .filter((o) => o.kind === 'fail')
    .map((o) => context.redact.text(o.text))
    .join('; ')
}

function faultOf(attempt: ActionAttempt): string {
  return attempt.record.fault ? ` (fault ${attempt.record.fault.type})` : ''
}
