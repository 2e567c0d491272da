import type { CallRecord } from '../core/call-record.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { ContractDocument } from '../schema/contract-document.ts'
import { type ActionAnalysis, analyseActions } from './actions.ts'
import { type ConditionOutcome, checkCondition } from './conditions.ts'
import { type EntityLocation, locateEntity, readEntity } from './entity.ts'
import { createRedactor, type Redactor } from './redact.ts'
import { stateVersion } from './state-version.ts'

/** Everything the four verdicts are drawn from, gathered once per check. */
export interface CheckContext {
  run: CaseRun
  contract: ContractDocument
  location: EntityLocation
  /** The hashed entity reference every output uses. */
  ref: string
  redact: Redactor
  analysis: ActionAnalysis
  before: JsonValue | undefined
  after: JsonValue | undefined
  versions: { before?: string; after?: string }
  /** `none` when the contract declares no precondition. */
  precondition: { kind: 'pass' | 'fail' | 'error' | 'none'; outcomes: ConditionOutcome[] }
  /** Arguments of the action's calls for this entity (executions first), for relative conditions. */
  actionArgs: JsonObject[]
}

export interface ContextOptions {
  /** Mixed into hashed references. */
  salt?: string
}

/**
 * Reads the authoritative state of the entity before and after the run,
 * sorts the calls, checks the precondition and builds the redactor.
 */
export function buildContext(
  run: CaseRun,
  contract: ContractDocument,
  entity: string,
  options: ContextOptions = {},
): CheckContext {
  const location = locateEntity(contract.entity_ref, entity)
  const before = readEntity(run.initialState, location)
  const after = readEntity(run.finalState, location)
  const analysis = analyseActions(run.records, contract, location)
  const volatile = contract.volatile ?? []
  const redact = createRedactor({
    entityType: contract.entity_ref.type,
    entities: [entity, ...analysis.attempts.flatMap((attempt) => attempt.siblings)],
    sensitiveKeys: (contract.sensitive ?? []).map((path) => path.split('.').at(-1)!),
    sensitiveValues: sensitiveValues(run, contract),
    salt: options.salt,
  })
  // Executions first; a refused call's arguments still say what was intended.
  const effective = (kind: string) => kind === 'executed' || kind === 'staged'
  const actionArgs = [
    ...analysis.attempts.filter((a) => effective(a.kind)),
    ...analysis.attempts.filter((a) => !effective(a.kind) && a.kind !== 'wrong_entity'),
  ].map((attempt) => attempt.record.args)
  const versions: CheckContext['versions'] = {}
  const versionBefore = stateVersion(before, volatile)
  const versionAfter = stateVersion(after, volatile)
  if (versionBefore) versions.before = versionBefore
  if (versionAfter) versions.after = versionAfter
  return {
    run,
    contract,
    location,
    ref: redact.ref(entity),
    redact,
    analysis,
    before,
    after,
    versions,
    precondition: checkPrecondition(contract, before),
    actionArgs,
  }
}

function checkPrecondition(
  contract: ContractDocument,
  before: JsonValue | undefined,
): CheckContext['precondition'] {
  const conditions = contract.precondition ?? []
  if (conditions.length === 0) return { kind: 'none', outcomes: [] }
  const outcomes = conditions.map((condition) =>
    checkCondition(condition, before, { before, args: [] }),
  )
  const kind = outcomes.some((o) => o.kind === 'fail')
    ? 'fail'
    : outcomes.some((o) => o.kind === 'error')
      ? 'error'
      : 'pass'
  return { kind, outcomes }
}

/**
 * Values of the contract's sensitive fields, and of sensitive-looking
 * arguments, found anywhere in the run: masked wherever they appear in text.
 */
function sensitiveValues(run: CaseRun, contract: ContractDocument): string[] {
  const keys = new Set((contract.sensitive ?? []).map((path) => path.split('.').at(-1)!))
  if (keys.size === 0) return []
  const found: string[] = []
  const walk = (value: JsonValue | undefined) => {
    if (value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (const item of value) walk(item)
      return
    }
    for (const [key, child] of Object.entries(value)) {
      if (keys.has(key) && (typeof child === 'string' || typeof child === 'number')) {
        found.push(String(child))
      } else walk(child)
    }
  }
  walk(run.initialState)
  walk(run.finalState)
  for (const record of run.records) walk(record.args)
  return found
}

/** `refund_payment #3`. */
export function callName(record: Pick<CallRecord, 'tool' | 'seq'>): string {
  return `${record.tool} #${record.seq}`
}

/** What the caller saw of a call, redacted and short: `200 {"status":"rejected",...}`, `no status`. */
export function seenByCaller(record: CallRecord, redact: Redactor): string {
  const status = record.status === null ? 'no status' : `${record.status}`
  const fault = record.fault ? ` (fault ${record.fault.type})` : ''
  if (record.response === null || record.response === undefined) return `${status}${fault}`
  const body = JSON.stringify(redact.value(record.response))
  const short = body.length > 90 ? `${body.slice(0, 89)}…` : body
  return `${status} ${short}${fault}`
}
