/**
 * The one redaction policy for credentials: every byte of model traffic that
 * is written (cassettes, CaseRuns, reports, error messages) passes through it.
 *
 * - By name: a field, header or query parameter whose name holds a credential
 *   word (`secret-names.ts`), in any case and with any separator.
 * - By value: a string that has the shape of a credential (`secret-shapes.ts`),
 *   wherever it stands, in a field of any name or in free text.
 * - Numbers, booleans and `null` are never secrets: usage counts stay evidence.
 * - The user's `redact` adds names or body paths; `keep` exempts them.
 */
import { isJsonObject, type JsonValue } from './json.ts'
import { isSecretName, normalName } from './secret-names.ts'
import { maskSecretShapes, REDACTED, secretShapesIn } from './secret-shapes.ts'
import { ANY_KEY, matchesPattern, type PatternSegment, parsePattern } from './state-path.ts'

export { isSecretName, nameWords, normalName, SECRET_NAME_WORDS } from './secret-names.ts'
export { maskSecretShapes, REDACTED, SECRET_SHAPES, secretShapesIn } from './secret-shapes.ts'

/** What a user adds to the policy (the `redact` and `keep` of the `models` option). */
export interface SecretPolicyOptions {
  /**
   * More fields to redact, whatever their value: a name (`customer_note`: that
   * field, header or query parameter at any depth, any case and separator) or a
   * body path from the root (`metadata.note`, `messages.*.name`).
   */
  redact?: readonly string[]
  /** Fields written as they are, by name or body path as in `redact`: exempt from names and shapes. */
  keep?: readonly string[]
}

/** The policy, with the user's additions applied. */
export interface SecretPolicy {
  /** A copy of a JSON value (a request or response body) with every credential masked. */
  json<T extends JsonValue>(value: T): T
  /** Free text (a message, a URL, a prompt) with credentials masked: shapes, `name=value` and `"name": "value"`. */
  text(text: string): string
  /** Headers with credential headers masked and credential shapes in the others. */
  headers(headers: Readonly<Record<string, string>>): Record<string, string>
  /** Whether a query parameter must be withheld from a stored URL (by its name or its value). */
  isSecretParam(name: string, value: string): boolean
  /** Whether a field of this name is masked (built-in names, the user's `redact` names, less `keep`). */
  isSecretField(name: string): boolean
  /** Where a JSON value still holds a credential: `interactions[0].request.url: a secret`, one line each. */
  findSecrets(value: JsonValue): string[]
}

// Shared by every policy: `replace` resets a global pattern's position, and nothing here is re-entrant.
const assignment = /([A-Za-z_][A-Za-z0-9_.-]*)=([^\s&"'<>;,)]+)/g
const jsonPair = /"([^"\\]{1,100})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g
const escapedPair = /\\"([^"\\]{1,100})\\"(\s*:\s*)\\"((?:[^"\\]|\\[^"])*)\\"/g
const headerLine = /\b([A-Za-z][A-Za-z0-9_-]*)(:[ \t]*)([^\s"',;]{8,})/g

/** Nesting past this is masked whole: it cannot be read, so it cannot be shown. */
const MAX_DEPTH = 2000

interface Fields {
  names: Set<string>
  paths: PatternSegment[][]
}

function fieldsOf(entries: readonly string[] = []): Fields {
  const fields: Fields = { names: new Set(), paths: [] }
  for (const entry of entries) {
    const parsed = parsePattern(entry)
    if (parsed.ok && (parsed.segments.length > 1 || parsed.segments[0] === ANY_KEY)) {
      fields.paths.push(parsed.segments)
    } else fields.names.add(normalName(entry))
  }
  return fields
}

function listed(fields: Fields, key: string, path: readonly string[]): boolean {
  return (
    (fields.names.size > 0 && fields.names.has(normalName(key))) ||
    fields.paths.some((pattern) => matchesPattern(pattern, path))
  )
}

/** A JSON Schema under a credential's name (a tool's `password` parameter) describes, it holds nothing. */
function isSchema(value: Record<string, JsonValue>): boolean {
  const type = value.type
  if (typeof type === 'string') {
    return ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'].includes(type)
  }
  return ['$ref', 'anyOf', 'oneOf', 'allOf', 'enum'].some((key) => Object.hasOwn(value, key))
}

/** `token` beside `logprob` is a token the model generated, not a credential. */
function isGeneratedToken(key: string, parent: Record<string, JsonValue>): boolean {
  return key === 'token' && Object.hasOwn(parent, 'logprob')
}

/** A query value such as `Bearer+abc%2E123`: the shape shows only once it is decoded. */
function holdsEncodedShape(value: string): boolean {
  if (!/[%+]/.test(value)) return false
  let decoded: string
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return false
  }
  return secretShapesIn(decoded).length > 0
}

function put(out: Record<string, JsonValue>, key: string, value: JsonValue): void {
  // A parsed body may hold an own `__proto__` key: keep it data, never a prototype.
  if (key === '__proto__') {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  } else out[key] = value
}

/**
 * The policy with the user's `redact` and `keep`.
 * @example
 * const policy = secretPolicy({ redact: ['customer_note'], keep: ['session_id'] })
 * policy.json({ api_key: 'abc', max_tokens: 50, metadata: { password: 'p', session_id: 's1' } })
 * // { api_key: '[redacted]', max_tokens: 50, metadata: { password: '[redacted]', session_id: 's1' } }
 * policy.text('GET https://x.test/v1?sig=abc&q=1') // 'GET https://x.test/v1?sig=[redacted]&q=1'
 */
export function secretPolicy(options: SecretPolicyOptions = {}): SecretPolicy {
  // Without additions every caller shares one policy: a case does not build its own.
  if (!options.redact?.length && !options.keep?.length && defaultPolicy) return defaultPolicy
  const redacted = fieldsOf(options.redact)
  const kept = fieldsOf(options.keep)
  const isSecretField = (name: string) =>
    !kept.names.has(normalName(name)) &&
    (redacted.names.has(normalName(name)) || isSecretName(name))

  const text = (input: string): string => {
    let out = maskSecretShapes(input)
    if (out.includes('=')) {
      out = out.replace(assignment, (match, name: string, value: string) =>
        value !== REDACTED && (isSecretField(name) || holdsEncodedShape(value))
          ? `${name}=${REDACTED}`
          : match,
      )
    }
    if (out.includes('"')) {
      const pair = (match: string, name: string, gap: string, value: string, quote: string) =>
        isSecretField(name) && value !== REDACTED && value !== ''
          ? `${quote}${name}${quote}${gap}${quote}${REDACTED}${quote}`
          : match
      out = out.replace(jsonPair, (m, n, g, v) => pair(m, n, g, v, '"'))
      if (out.includes('\\"'))
        out = out.replace(escapedPair, (m, n, g, v) => pair(m, n, g, v, '\\"'))
    }
    if (out.includes(':')) {
      // `X-Api-Key: 3f9a…` in a log line; prose such as `session: ended` has no digit.
      out = out.replace(headerLine, (match, name: string, gap: string, value: string) =>
        isSecretField(name) && /\d/.test(value) && !value.startsWith('//') && value !== REDACTED
          ? `${name}${gap}${REDACTED}`
          : match,
      )
    }
    return out
  }

  const walk = (value: JsonValue, path: string[], secret: boolean): JsonValue => {
    if (typeof value === 'string') return secret && value !== '' ? REDACTED : text(value)
    if (value === null || typeof value !== 'object') return value
    if (path.length > MAX_DEPTH) return REDACTED
    if (Array.isArray(value))
      return value.map((item, at) => walk(item, [...path, String(at)], secret))
    const out: Record<string, JsonValue> = {}
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, key]
      const shown = maskSecretShapes(key)
      if (listed(kept, key, at)) put(out, shown, child)
      else if (child !== null && listed(redacted, key, at)) put(out, shown, REDACTED)
      else {
        const named = secret || (isSecretField(key) && !isGeneratedToken(key, value))
        const holds = named && !(isJsonObject(child) && isSchema(child))
        put(out, shown, walk(child, at, holds))
      }
    }
    return out
  }

  return {
    json: <T extends JsonValue>(value: T) => walk(value, [], false) as T,
    text,
    headers(headers) {
      const out: Record<string, string> = {}
      for (const [name, value] of Object.entries(headers)) {
        out[name] = kept.names.has(normalName(name))
          ? value
          : isSecretField(name)
            ? REDACTED
            : text(value)
      }
      return out
    },
    isSecretParam: (name, value) =>
      !kept.names.has(normalName(name)) &&
      (isSecretField(name) || secretShapesIn(value).length > 0) &&
      value !== '',
    isSecretField,
    findSecrets(value) {
      const found: string[] = []
      diffPaths(value, walk(value, [], false), '', found)
      return found
    },
  }
}

/** Where `before` and its redacted copy differ, with the kind of credential when a shape says it. */
function diffPaths(before: JsonValue, after: JsonValue, path: string, found: string[]): void {
  if (typeof before === 'string' || typeof after === 'string') {
    if (before === after) return
    const kinds = typeof before === 'string' ? secretShapesIn(before) : []
    found.push(
      `${path || '(root)'}: ${kinds.length > 0 ? kinds.join(', ') : 'a secret by its name'}`,
    )
    return
  }
  if (before === null || typeof before !== 'object' || after === null || typeof after !== 'object')
    return
  const keys = Object.keys(before)
  const shownKeys = Object.keys(after)
  keys.forEach((key, at) => {
    const child = (before as Record<string, JsonValue>)[key] as JsonValue
    const shown = shownKeys[at] ?? key
    const next = Array.isArray(before) ? `${path}[${key}]` : path ? `${path}.${key}` : key
    if (shown !== key) found.push(`${next}: ${secretShapesIn(key).join(', ')} in a field name`)
    diffPaths(child, (after as Record<string, JsonValue>)[shown] as JsonValue, next, found)
  })
}

let defaultPolicy: SecretPolicy | undefined

/** The policy with no additions: for text and data no user option reaches (refusals, case errors). */
export const DEFAULT_SECRET_POLICY: SecretPolicy = secretPolicy()
defaultPolicy = DEFAULT_SECRET_POLICY
