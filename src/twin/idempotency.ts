/**
 * The idempotency store, modelled on Stripe and the IETF
 * `Idempotency-Key` draft: a key is scoped to (tool, tenant, key value); the
 * first executed attempt's answer is kept; the same key with the same
 * arguments is answered from the store without a second effect; the same key
 * with different arguments is refused with 422.
 */

import { canonicalJson } from '../core/canonical-json.ts'
import type { TwinAnswer } from '../core/fault-model.ts'
import { cloneData, type JsonObject, type JsonValue } from '../core/json.ts'
import { answer } from './answers.ts'

interface StoredAttempt {
  args: string
  seq: number
  answer: TwinAnswer
}

export type IdempotencyLookup =
  | { kind: 'new' }
  | { kind: 'replay'; answer: TwinAnswer; firstSeq: number }
  | { kind: 'reused'; firstSeq: number }

/** The key value as text: strings as they are, anything else as canonical JSON. */
export function idempotencyKeyOf(args: JsonObject, argument: string): string | undefined {
  if (!Object.hasOwn(args, argument)) return undefined
  const value = args[argument] as JsonValue
  if (value === null) return undefined
  return typeof value === 'string' ? value : canonicalJson(value)
}

export class IdempotencyStore {
  readonly #attempts = new Map<string, StoredAttempt>()

  /** What a call with this key and these arguments gets. */
  lookup(
    tool: string,
    tenant: string | undefined,
    key: string,
    args: JsonObject,
  ): IdempotencyLookup {
    const stored = this.#attempts.get(scopeOf(tool, tenant, key))
    if (!stored) return { kind: 'new' }
    if (stored.args !== canonicalJson(args)) return { kind: 'reused', firstSeq: stored.seq }
    return { kind: 'replay', answer: cloneData(stored.answer), firstSeq: stored.seq }
  }

  /** Keeps the answer of an attempt that executed; the first one wins. */
  remember(
    tool: string,
    tenant: string | undefined,
    key: string,
    args: JsonObject,
    seq: number,
    stored: TwinAnswer,
  ): void {
    const scope = scopeOf(tool, tenant, key)
    if (this.#attempts.has(scope)) return
    this.#attempts.set(scope, { args: canonicalJson(args), seq, answer: cloneData(stored) })
  }
}

function scopeOf(tool: string, tenant: string | undefined, key: string): string {
  return canonicalJson([tool, tenant ?? null, key])
}

/** 422 for a key reused with different arguments (IETF draft: "Idempotency-Key is already used"). */
export function keyReusedAnswer(
  tool: string,
  key: string,
  argument: string,
  firstSeq: number,
): TwinAnswer {
  return answer(422, {
    error: 'idempotency_key_reused',
    tool,
    idempotencyKey: key,
    title: 'Idempotency-Key is already used',
    detail: `The key "${key}" was first used by call #${firstSeq} of ${tool} with different arguments. A key may only be reused with exactly the same arguments.`,
    hint: `Send a new ${argument} for a different request, or resend the original arguments to get the stored answer.`,
  })
}
