import type { CaseRun } from '../core/case-run.ts'
import type { ClaimReading } from '../core/classify-claim.ts'
import type { JsonValue } from '../core/json.ts'
import type { ContractDocument, OutcomeStatus } from '../schema/contract-document.ts'
import { claimVerdict, excerpt } from './claim-verdict.ts'
import { buildContext, type CheckContext } from './context.ts'
import { missingEvidence } from './evidence.ts'
import { executionVerdict } from './execution-verdict.ts'
import { type ReadClaimOptions, readClaim } from './read-claim.ts'
import { stateVerdict } from './state-verdict.ts'
import type { ContractVerdicts } from './verdicts.ts'

/** One contract checked on one case: the four verdicts and why. Redacted, plain JSON. */
export interface ContractCheck {
  contract: {
    id: string
    version: string
    owner: string
    workflow_version: string
    intent_id: string
    authoritative_system: string
  }
  /** The hashed entity reference, e.g. `order:3f9c0a51d2e4b786`. */
  entity: string
  verdicts: ContractVerdicts
  /** What the authoritative system did with the operation. */
  outcome: OutcomeStatus
  reasons: { execution_ok: string[]; state_ok: string[]; claim_ok: string[]; evidence: string[] }
  claim: {
    family: ClaimReading['family']
    source: ClaimReading['source']
    claimClass?: string
    basis: string
    reply?: string
  }
  /** Digests of the entity's canonical JSON (volatile fields dropped) before and after the run. */
  state_version: { before?: string; after?: string }
  /** The calls of the allowed action for this entity, by operation; retries share one. */
  operations: Array<{
    operation: number
    attempts: Array<{
      seq: number
      tool: string
      attempt: number
      kind: string
      status: number | null
    }>
  }>
}

export interface CheckContractOptions extends ReadClaimOptions {
  /** Mixed into hashed entity references. */
  salt?: string
}

/**
 * Checks one contract on one finished case, for one entity: execution, state
 * and claim each proven on their own, from the twin's records and state only.
 * @example
 * const check = await checkContract(run, contract, 'ORD-1001')
 * check.verdicts // { execution_ok: 'pass', state_ok: 'fail', claim_ok: 'fail', evidence_complete: true }
 */
export async function checkContract(
  run: CaseRun,
  contract: ContractDocument,
  entity: string,
  options: CheckContractOptions = {},
): Promise<ContractCheck> {
  const context = buildContext(run, contract, entity, { salt: options.salt })
  const execution = executionVerdict(context)
  const state = stateVerdict(context)
  const literalClasses = Object.values(contract.allowed_user_claims).flat() as string[]
  // The claim is read from the redacted reply, so nothing it quotes (nor a judge) sees customer data.
  const result = run.result && { ...run.result, reply: context.redact.text(run.result.reply) }
  const reading = await readClaim(result, { ...options, literalClasses })
  const claim = claimVerdict(context, reading, state.verdict)
  const evidence = missingEvidence(context, execution, state)
  const { redact } = context
  return {
    contract: {
      id: contract.contract_id,
      version: contract.version,
      owner: contract.owner,
      workflow_version: contract.workflow_version,
      intent_id: contract.intent_id,
      authoritative_system: contract.authoritative_system.name,
    },
    entity: context.ref,
    verdicts: {
      execution_ok: execution.verdict,
      state_ok: state.verdict,
      claim_ok: claim.verdict,
      evidence_complete: evidence.length === 0,
    },
    outcome: context.analysis.status,
    reasons: {
      execution_ok: execution.reasons.map(redact.text),
      state_ok: state.reasons.map(redact.text),
      claim_ok: claim.reasons.map(redact.text),
      evidence: evidence.map(redact.text),
    },
    claim: claimFacts(context, reading),
    state_version: { ...context.versions },
    operations: operationFacts(context),
  }
}

function claimFacts(context: CheckContext, reading: ClaimReading): ContractCheck['claim'] {
  const facts: ContractCheck['claim'] = {
    family: reading.family,
    source: reading.source,
    basis: context.redact.text(reading.basis),
  }
  if (reading.claimClass !== undefined) facts.claimClass = context.redact.text(reading.claimClass)
  const reply = context.run.result?.reply
  if (reply) facts.reply = excerpt(context.redact.text(reply), 160)
  return facts
}

function operationFacts(context: CheckContext): ContractCheck['operations'] {
  const byOperation = new Map<number, ContractCheck['operations'][number]>()
  for (const attempt of context.analysis.attempts) {
    const entry = byOperation.get(attempt.operation) ?? {
      operation: attempt.operation,
      attempts: [],
    }
    entry.attempts.push({
      seq: attempt.record.seq,
      tool: attempt.record.tool,
      attempt: attempt.record.attempt,
      kind: attempt.kind,
      status: attempt.record.status,
    })
    byOperation.set(attempt.operation, entry)
  }
  return [...byOperation.values()]
}

/** The check as a plain JSON value, for `ExpectationResult.evidence`. */
export function checkEvidence(check: ContractCheck): JsonValue {
  return JSON.parse(JSON.stringify(check)) as JsonValue
}
