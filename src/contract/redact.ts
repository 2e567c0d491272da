/**
 * Redaction for everything the contract checks print or return: entity
 * references are hashed, declared sensitive fields are masked, and e-mail
 * addresses, card numbers and tokens are masked wherever they appear in text.
 */

import { keepBounded } from '../core/bounded-memo.ts'
import { digest } from '../core/canonical-json.ts'
import type { JsonValue } from '../core/json.ts'
import { maskSecretShapes, REDACTED } from '../core/secret-policy.ts'
import { patternOf } from '../core/state-path.ts'

/** Field names masked even when a contract declares nothing (matched case-insensitively, `_`/`-` ignored). */
export const DEFAULT_SENSITIVE_KEYS: readonly string[] = [
  'email',
  'customer_email',
  'card_number',
  'pan',
  'cvv',
  'cvc',
  'iban',
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'password',
  'secret',
  'authorization',
  'payment_token',
]

export const MASK = REDACTED

/**
 * The key names a contract's `sensitive` paths end in: a sensitive field is
 * masked under that name wherever it appears (a trailing `*` names no key).
 * @example
 * sensitiveKeyNames(['customer.email', 'card.*']) // ['email']
 */
export function sensitiveKeyNames(paths: readonly string[] = []): string[] {
  return paths.flatMap((path) => {
    const last = patternOf(path).at(-1)
    return typeof last === 'string' ? [last] : []
  })
}

const DEFAULT_KEYS: ReadonlySet<string> = new Set(DEFAULT_SENSITIVE_KEYS.map(keyOf))

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
/** 13 to 19 digits, optionally grouped by spaces or dashes: card numbers. */
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g
const TOKENS = [
  /\b(?:sk|pk|rk|tok|pm|whsec|ghp|gho|xox[abpr])[-_][A-Za-z0-9_-]{6,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g,
]

const TOKEN_HINT = /[_-][A-Za-z0-9_-]{6}|Bearer|eyJ/i

export interface RedactorOptions {
  /** The entity kind hashed references start with, e.g. `order`. */
  entityType: string
  /** Entity ids to replace by their hashed reference wherever they appear. */
  entities?: readonly string[]
  /** More field names to mask (the last segment of a contract's `sensitive` paths). */
  sensitiveKeys?: readonly string[]
  /** Values to mask wherever they appear in text (sensitive values found in the state). */
  sensitiveValues?: readonly string[]
  /** Mixed into every hash so references cannot be matched across deployments. */
  salt?: string
}

export interface Redactor {
  /** `order:3f9c0a51d2e4b786`: the same entity always gives the same reference. */
  ref(entity: string): string
  /** The text with entity ids hashed and sensitive values masked. */
  text(text: string): string
  /** A copy of the value with sensitive fields masked and every string redacted. */
  value(value: JsonValue): JsonValue
  /** True when a field of this name is masked. */
  isSensitiveKey(key: string): boolean
}

/**
 * A hashed entity reference: the kind, then 16 hex digits of a SHA-256.
 * @example
 * hashEntityRef('order', 'ORD-1001') // 'order:…' (16 hex digits), the same on every run
 */
export function hashEntityRef(type: string, entity: string, salt = ''): string {
  return `${type}:${digest([salt, type, entity]).slice('sha256:'.length, 'sha256:'.length + 16)}`
}

/** Entity references a redactor remembers before it starts over. */
const MAX_CACHED_REFS = 1024

/**
 * Builds a redactor for one check.
 * @example
 * const redact = createRedactor({ entityType: 'order', entities: ['ORD-1001'] })
 * redact.text('Refunded ORD-1001 to maya@example.com') // 'Refunded order:… to [redacted]'
 */
export function createRedactor(options: RedactorOptions): Redactor {
  const salt = options.salt ?? ''
  const extra = options.sensitiveKeys ?? []
  const keys = extra.length === 0 ? DEFAULT_KEYS : new Set([...DEFAULT_KEYS, ...extra.map(keyOf)])
  const refs = new Map<string, string>()
  const ref = (entity: string) => {
    let hashed = refs.get(entity)
    if (hashed === undefined) {
      // Bounded: a redactor may live for a whole streamed file of distinct entities.
      hashed = keepBounded(
        refs,
        entity,
        hashEntityRef(options.entityType, entity, salt),
        MAX_CACHED_REFS,
      )
    }
    return hashed
  }
  const entities = [...new Set(options.entities ?? [])].filter((e) => e.length > 0)
  entities.sort((a, b) => b.length - a.length)
  const values = [...new Set(options.sensitiveValues ?? [])].filter((v) => v.length >= 3)
  values.sort((a, b) => b.length - a.length)

  const text = (input: string): string => {
    let out = input
    // Case-insensitive: text that was lower-cased on the way (a quoted phrase) must not slip through.
    for (const value of values) out = replaceCaseless(out, value, MASK)
    for (const entity of entities) out = replaceCaseless(out, entity, ref(entity))
    // Cheap tests first: most strings hold no '@', no long digit run, no token marker.
    if (out.includes('@')) out = out.replace(EMAIL, MASK)
    if (digits(out) >= 13) out = out.replace(CARD, MASK)
    if (TOKEN_HINT.test(out)) for (const token of TOKENS) out = out.replace(token, MASK)
    // Credentials by the one redaction policy's shapes (AWS key ids, Google keys, PEM blocks, ...).
    return maskSecretShapes(out)
  }
  const isSensitiveKey = (key: string) => keys.has(keyOf(key))
  const value = (input: JsonValue): JsonValue => {
    if (typeof input === 'string') return text(input)
    if (Array.isArray(input)) return input.map(value)
    if (input === null || typeof input !== 'object') return input
    const out: Record<string, JsonValue> = {}
    for (const [key, child] of Object.entries(input)) {
      out[text(key)] = isSensitiveKey(key) && child !== null ? MASK : value(child)
    }
    return out
  }
  return { ref, text, value, isSensitiveKey }
}

/**
 * Every case-insensitive occurrence of `literal` replaced. Plain string search,
 * not a RegExp per literal: a streamed file with a new entity on every row
 * would otherwise compile (and keep) a new regular expression per row.
 */
function replaceCaseless(input: string, literal: string, replacement: string): string {
  const haystack = input.toLowerCase()
  const needle = literal.toLowerCase()
  // Lower-casing that changes lengths (a few Unicode letters) would shift positions.
  if (haystack.length !== input.length || needle.length !== literal.length) {
    const escaped = literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return input.replace(new RegExp(escaped, 'gi'), () => replacement)
  }
  let at = haystack.indexOf(needle)
  if (at === -1) return input
  let out = ''
  let from = 0
  while (at !== -1) {
    out += input.slice(from, at) + replacement
    from = at + needle.length
    at = haystack.indexOf(needle, from)
  }
  return out + input.slice(from)
}

function digits(text: string): number {
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code >= 48 && code <= 57) count++
  }
  return count
}

function keyOf(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '')
}
