/**
 * The `contract.v1` document, as TypeScript types; mirrors `contract-schema.ts`
 * (a type test keeps the two from drifting apart).
 *
 * An outcome contract is declared ahead of time, per business action, with an
 * owner and a version: what the agent may do (`allowed_action`), what must hold
 * afterwards (`expected_postcondition`), who provides the evidence
 * (`authoritative_system`, `receipt_type`) and what the agent may tell the user
 * in each outcome (`allowed_user_claims`).
 */
import type { ValueCheck } from './scenario-document.ts'

export const CONTRACT_API_VERSION = 'agenttwin/contract.v1'

/**
 * A check on one field of the entity. Paths are relative to the entity
 * (`refund_count`, `shipment.status`). Exactly one check is given.
 * `increasedBy` / `decreasedBy` compare with the entity as it was before the
 * run; a string there is one placeholder naming an argument of the executed
 * action (`"{amount}"`).
 */
export interface ContractCondition extends ValueCheck {
  path: string
  increasedBy?: number | string
  decreasedBy?: number | string
}

/** The business entity the contract speaks of, and where the authoritative system keeps it. */
export interface EntityRef {
  /** What kind of thing it is (`order`, `customer`); hashed references start with it. */
  type: string
  /** State path of the entity with one `{entity}` segment, e.g. `orders.{entity}`. */
  path: string
  /** The tool argument that names the entity, e.g. `order_id`. */
  argument?: string
}

export interface AllowedAction {
  /** The tools that together perform the action; each must execute for the entity. */
  tools: string[]
  /** How often each tool may execute for the entity in one case; default 1. Replays do not count. */
  max_executions?: number
}

export interface AuthoritativeSystem {
  /** Who owns the truth, e.g. `payments`. */
  name: string
  /** The twin standing in for it (its `metadata.name`); checked against the run when given. */
  twin?: string
  /** The tool that reads the entity back, e.g. `lookup_order`. */
  read_tool?: string
}

export interface ReceiptType {
  /** What the receipt is, e.g. `provider_refund_id`. */
  name: string
  /** Dotted path of the receipt in the body the caller saw, e.g. `refund_id`. */
  field: string
}

/** Where each outcome of the operation can come out. */
export type OutcomeStatus =
  | 'committed'
  | 'partial'
  | 'pending'
  | 'rejected'
  | 'not_attempted'
  | 'unknown'

export const OUTCOME_STATUSES: readonly OutcomeStatus[] = [
  'committed',
  'partial',
  'pending',
  'rejected',
  'not_attempted',
  'unknown',
]

/**
 * Per outcome, the claims the agent may make: claim families (`success`,
 * `partial`, `pending`, `failure`, `handoff`, `needs_info`, `none`) or
 * literal structured classes (`draft_created`). An outcome not listed allows no claim.
 */
export interface AllowedUserClaims {
  committed?: string[]
  partial?: string[]
  pending?: string[]
  rejected?: string[]
  not_attempted?: string[]
  unknown?: string[]
}

export interface FailureRoute {
  /** `handoff`: a human takes over; `tell_user`: the agent explains; `retry_later`: the user is asked to come back. */
  route: 'handoff' | 'tell_user' | 'retry_later'
  /** The tool that takes the route, e.g. `handoff_to_human`; a handoff claim needs a successful call of it. */
  tool?: string
  description?: string
}

export interface ContractDocument {
  apiVersion: typeof CONTRACT_API_VERSION
  contract_id: string
  /** The contract's own version. */
  version: string
  /** The team or person answerable for the contract. */
  owner: string
  description?: string
  workflow_version: string
  intent_id: string
  entity_ref: EntityRef
  /** Must hold on the entity before the run; when it does not, the action must not execute. */
  precondition?: ContractCondition[]
  allowed_action: AllowedAction
  expected_postcondition: ContractCondition[]
  authoritative_system: AuthoritativeSystem
  receipt_type: ReceiptType
  allowed_user_claims: AllowedUserClaims
  failure_route: FailureRoute
  /** Entity paths whose values vary between runs (`updated_at`); dropped from state digests. */
  volatile?: string[]
  /** Entity paths holding customer data, tokens or payment details; masked in every output. */
  sensitive?: string[]
}
