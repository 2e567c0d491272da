/**
 * The `twin.v1` document, as TypeScript types.
 *
 * These types mirror the JSON Schema in `twin-schema.ts`; a type test
 * (`test/schema/types.test-d.ts`) keeps the two from drifting apart.
 *
 * Templates: any string value in a handler may hold placeholders.
 * - `{order_id}` / `{customer.email}`: an argument of the call (must be declared
 *   in the tool's input schema).
 * - `{$id}`: an ID counted per prefix (`<idPrefix><n>`, n = calls of tools with that prefix), `{$now}`: the fixed clock,
 *   `{$seq}`: the call's sequence number, `{$target}` / `{$target.field}`: the
 *   handler's target value after the effects, `{$tenant}`: the tenant id.
 * A string that is exactly one placeholder keeps the value's type (`"{amount}"`
 * renders the number 40); placeholders inside longer strings are stringified.
 */
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { RiskLevel } from '../core/risk.ts'

export const TWIN_API_VERSION = 'agenttwin/twin.v1'

/** A response the twin answers with; `body` is a template. */
export interface ResponseTemplate {
  status: number
  body?: JsonValue
  headers?: Record<string, string>
}

/** A comparison on a state value; every operand may be a template. */
export interface Condition {
  /** Dotted path, relative to the handler's target (or the state root without a target). */
  path: string
  equals?: JsonValue
  notEquals?: JsonValue
  gt?: JsonValue
  gte?: JsonValue
  lt?: JsonValue
  lte?: JsonValue
  in?: JsonValue[]
  exists?: boolean
}

export interface Precondition extends Condition {
  /** The answer when the condition does not hold; nothing is changed. */
  error: ResponseTemplate
}

export type EffectOp =
  | { op: 'set'; path: string; value: JsonValue }
  | { op: 'unset'; path: string }
  | { op: 'increment'; path: string; by?: JsonValue }
  | { op: 'decrement'; path: string; by?: JsonValue }
  | { op: 'append'; path: string; value: JsonValue }
  | { op: 'remove'; path: string; where?: Record<string, JsonValue> }
  | { op: 'merge'; path: string; value: JsonValue }

export interface StaticHandler {
  kind: 'static'
  response: ResponseTemplate
}

export interface ReadHandler {
  kind: 'read'
  /** Templated state path of the value to read, e.g. `orders.{order_id}`. */
  target: string
  notFound?: ResponseTemplate
  /** Default: 200 with the target value as body. */
  response?: ResponseTemplate
}

export interface ListHandler {
  kind: 'list'
  /** A collection: an object map (its values are the items) or an array. */
  target: string
  /** Keep items whose field equals the (templated) value; an absent argument skips the filter. */
  filter?: Record<string, JsonValue>
  /**
   * For an object map: the field each item carries its key in (`keyAs: order_id`
   * lists `{ order_id: "ORD-1001", ...item }`), so a caller can tell the items apart.
   * The item's own field of that name wins. Filters see the keyed item.
   */
  keyAs?: string
  /** Default: 200 with `{ items: [...] }`. `{$items}` is the filtered list. */
  response?: ResponseTemplate
}

export interface CreateHandler {
  kind: 'create'
  /** An object map the new item is stored into. */
  collection: string
  /** Key of the new item (template), default `{$id}`. */
  key?: string
  value: JsonValue
  /** Answer when the key is taken. Default 409. */
  conflict?: ResponseTemplate
  preconditions?: Precondition[]
  /**
   * Further effects of the same call, applied with the new item, all or
   * nothing; paths are relative to the tool's root (e.g. a booking that
   * decrements `flights.{flight_id}.seats`).
   */
  effects?: EffectOp[]
  /** Default: 201 with the created item. `{$target}` is the created item. */
  response?: ResponseTemplate
}

export interface MutateHandler {
  kind: 'mutate'
  target: string
  notFound?: ResponseTemplate
  preconditions?: Precondition[]
  /** Applied in order; paths are relative to the target. */
  effects: EffectOp[]
  /** Default: 200 with the target value after the effects. */
  response?: ResponseTemplate
}

export interface DeleteHandler {
  kind: 'delete'
  target: string
  notFound?: ResponseTemplate
  preconditions?: Precondition[]
  /** Default: 200 with `{ deleted: true }`. `{$target}` is the removed value. */
  response?: ResponseTemplate
}

/** A reviewed code extension, registered by name with `registerAdapter`. */
export interface AdapterHandler {
  kind: 'adapter'
  adapter: string
  options?: JsonObject
}

export type Handler =
  | StaticHandler
  | ReadHandler
  | ListHandler
  | CreateHandler
  | MutateHandler
  | DeleteHandler
  | AdapterHandler

export type HandlerKind = Handler['kind']

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ToolDefinition {
  name: string
  description: string
  risk: RiskLevel
  /** Default `POST {baseUrl}/tools/{name}`. GET tools take their arguments from the query string. */
  http?: { method: HttpMethod; path: string }
  /** JSON Schema of the arguments (an object schema). */
  input: JsonObject
  /** Templated state path that scopes every path of this tool, e.g. `tenants.{tenant_id}`. */
  tenantPath?: string
  /** The argument that makes a retry safe. */
  idempotency?: { argument: string }
  /** Names the effect itself, e.g. `refund:{order_id}`. */
  effectKey?: string
  /**
   * A successful call hands the case to a human. Declared, never guessed from
   * the name: a tool `escalate_ticket` that raises a priority is no handoff.
   */
  handoff?: boolean
  /**
   * `user`: the tool is the user's (dual control, e.g. confirming a payment in
   * the customer's app): only the conversation's user may call it; an agent's
   * call is answered 403 and recorded, with no effect.
   */
  actor?: 'user'
  /** Prefix of `{$id}`; default `<tool name>_`. Ids count per prefix, so calls of other tools never shift them. */
  idPrefix?: string
  handler: Handler
}

export interface TwinDocument {
  apiVersion: typeof TWIN_API_VERSION
  metadata: { name: string; version: string; description?: string }
  http: { baseUrl: string }
  /** Fixed clock: `start` (ISO 8601, default 2026-01-01T00:00:00.000Z), advanced `stepMs` (default 1000) per call. */
  clock?: { start?: string; stepMs?: number }
  /** Initial state (fixtures). */
  state: JsonObject
  /** State paths (relative to an entity) whose values vary between runs and are dropped from digests. */
  volatile?: string[]
  tools: ToolDefinition[]
}
