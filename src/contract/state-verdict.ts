import { type ConditionOutcome, checkCondition } from './conditions.ts'
import { type CheckContext, callName } from './context.ts'
import { fail, pass, type ReasonedVerdict, unknown } from './verdicts.ts'

/** The postcondition checked on the entity as the authoritative system holds it after the run. */
export function postconditionOutcomes(context: CheckContext): ConditionOutcome[] {
  return context.contract.expected_postcondition.map((condition) =>
    checkCondition(condition, context.after, { before: context.before, args: context.actionArgs }),
  )
}

/**
 * `state_ok`: the entity, read back from the authoritative system, meets the
 * expected postcondition, and this run's execution produced it: a state that
 * was already there, or that another tool made, never counts as this
 * operation's success. Pending is `unknown` (not committed yet). When the
 * precondition does not hold, the entity must be unchanged.
 */
export function stateVerdict(context: CheckContext): ReasonedVerdict {
  const { analysis, precondition, ref, versions, redact } = context
  const collateral = wrongEntityNotes(context)
  if (precondition.kind === 'error') {
    return unknown(`what ${ref} should look like is unknown: its precondition cannot be checked`)
  }
  if (precondition.kind === 'fail') {
    return versions.before === versions.after
      ? pass(
          `${ref} is unchanged (state version ${short(versions.after)}), as the contract requires when its precondition does not hold`,
          ...collateral,
        )
      : fail(
          `${ref} changed (${short(versions.before)} → ${short(versions.after)}) although the precondition does not hold`,
          ...collateral,
        )
  }
  if (context.after === undefined && analysis.status !== 'not_attempted') {
    return unknown(`the authoritative system has no ${ref} to read back`)
  }
  const outcomes = postconditionOutcomes(context)
  const failed = outcomes.filter((o) => o.kind === 'fail').map((o) => redact.text(o.text))
  const errors = outcomes.filter((o) => o.kind === 'error').map((o) => redact.text(o.text))
  const held = outcomes.filter((o) => o.kind === 'pass').map((o) => redact.text(o.text))

  switch (analysis.status) {
    case 'pending':
      return unknown(
        `${ref} is not committed yet: ${stagedCalls(context)} accepted it and the change is staged; the postcondition cannot be confirmed until it commits`,
      )
    case 'committed':
    case 'partial':
      if (failed.length > 0) {
        return fail(`${ref} does not meet the postcondition: ${failed.join('; ')}`, ...collateral)
      }
      if (errors.length > 0)
        return unknown(`the postcondition cannot be checked: ${errors.join('; ')}`)
      return pass(
        `${ref} read back from ${context.contract.authoritative_system.name} meets the postcondition (${held.join('; ')}), produced by ${executedCalls(context)} (state version ${short(versions.before)} → ${short(versions.after)})`,
      )
    default: {
      const nothing = `nothing in this run committed a change to ${ref} (outcome ${analysis.status})`
      if (failed.length > 0) {
        return fail(
          `${ref} does not meet the postcondition: ${failed.join('; ')}; ${nothing}`,
          ...collateral,
        )
      }
      if (errors.length > 0 && held.length === 0) {
        return fail(
          `${nothing}; the postcondition cannot be checked: ${errors.join('; ')}`,
          ...collateral,
        )
      }
      return fail(
        `${ref} shows the expected state (${held.join('; ')}), but ${nothing}: a state this operation did not produce never counts as its success`,
        ...collateral,
      )
    }
  }
}

function wrongEntityNotes(context: CheckContext): string[] {
  return context.analysis.attempts
    .filter((attempt) => attempt.kind === 'wrong_entity')
    .map(
      (attempt) =>
        `${callName(attempt.record)} changed ${attempt.siblings.map((id) => context.redact.ref(id)).join(', ')} instead of ${context.ref}`,
    )
}

function executedCalls(context: CheckContext): string {
  return context.analysis.attempts
    .filter((attempt) => attempt.kind === 'executed')
    .map((attempt) => callName(attempt.record))
    .join(', ')
}

function stagedCalls(context: CheckContext): string {
  return context.analysis.attempts
    .filter((attempt) => attempt.kind === 'staged')
    .map((attempt) => callName(attempt.record))
    .join(', ')
}

/** The first 12 hex digits of a version, enough to tell versions apart in a sentence. */
function short(version: string | undefined): string {
  return version === undefined ? 'absent' : version.slice(0, 'sha256:'.length + 12)
}
