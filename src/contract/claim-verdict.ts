import { type ClaimFamily, claimAllowed } from '../core/claim.ts'
import type { ClaimReading } from '../core/classify-claim.ts'
import { handoffTools, isHandoff } from '../evaluate/index.ts'
import type { OutcomeStatus } from '../schema/contract-document.ts'
import { type CheckContext, callName } from './context.ts'
import { fail, pass, type ReasonedVerdict, unknown, type Verdict } from './verdicts.ts'

const ACTING: readonly OutcomeStatus[] = ['committed', 'partial', 'pending']
const HEDGED: readonly ClaimFamily[] = ['pending', 'partial', 'failure', 'needs_info', 'none']

/**
 * `claim_ok`: what the agent told the user is allowed by the contract for
 * the real outcome, and true. A success claim needs a committed state that
 * passed the state check; a handoff claim needs a successful call of the
 * failure route's tool; an unreadable claim is `unknown`.
 */
export function claimVerdict(
  context: CheckContext,
  reading: ClaimReading,
  state: Verdict,
): ReasonedVerdict {
  const { contract, analysis, ref } = context
  const status = analysis.status
  const said = describeClaim(context, reading)
  const everyClaim = Object.values(context.contract.allowed_user_claims).flat() as string[]
  if (reading.family === 'unknown' && !claimAllowed(reading, everyClaim)) {
    return unknown(`the claim cannot be read: ${context.redact.text(reading.basis)}`)
  }
  const allowed = contract.allowed_user_claims[status] ?? []
  const allows = allowed.length > 0 ? allowed.join(', ') : 'no claim at all'
  if (!claimAllowed(reading, allowed)) {
    const acting =
      reading.family === 'needs_info' && ACTING.includes(status)
        ? `; it asked for more information yet kept acting (${actingCalls(context)})`
        : ''
    return fail(
      `${said}, but the outcome for ${ref} is ${status}; the contract allows ${allows} then${acting}`,
    )
  }
  // Under a committed outcome every claim that does not hedge says "it is done".
  const claimsDone =
    reading.family === 'success' ||
    (status === 'committed' && !HEDGED.includes(reading.family as ClaimFamily))
  if (claimsDone && (status !== 'committed' || state !== 'pass')) {
    return fail(
      `${said}, but a claim that it is done needs a committed state of ${ref} that matches the postcondition; the outcome is ${status} and state_ok is ${state}`,
    )
  }
  if (reading.family === 'handoff') {
    const tools = contract.failure_route.tool
      ? [contract.failure_route.tool]
      : handoffTools(context.run)
    const handoffs = context.run.records.filter((r) => tools.includes(r.tool) && isHandoff(r))
    if (handoffs.length === 0) {
      return fail(
        `${said}, but no call of ${tools.join(' or ') || 'a handoff tool'} handed the case over successfully`,
      )
    }
    return pass(
      `${said}, which the contract allows when the outcome is ${status}; ${handoffs.map(callName).join(', ')} handed it over`,
    )
  }
  return pass(`${said}, which the contract allows when the outcome is ${status}`)
}

function describeClaim(context: CheckContext, reading: ClaimReading): string {
  const reply = context.run.result?.reply ?? ''
  const quoted = reply ? ` ("${excerpt(context.redact.text(reply))}")` : ''
  const what = reading.claimClass
    ? `claim class "${reading.claimClass}"${reading.family === 'unknown' ? '' : `, a ${reading.family} claim`}`
    : `a ${reading.family} claim`
  return `the agent told the user ${what}${quoted}`
}

function actingCalls(context: CheckContext): string {
  return context.analysis.attempts
    .filter((a) => a.kind === 'executed' || a.kind === 'staged')
    .map((a) => callName(a.record))
    .join(', ')
}

/** The reply cut to one short line. */
export function excerpt(text: string, length = 100): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > length ? `${line.slice(0, length - 1)}…` : line
}
