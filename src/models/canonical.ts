import { sortKeys } from '../core/canonical-json.ts'
import {
  DEFAULT_SECRET_POLICY,
  maskSecretShapes,
  type SecretPolicy,
  secretPolicy,
} from '../core/secret-policy.ts'
import { ANY_KEY, type PatternSegment, patternOf } from '../core/state-path.ts'
import type { CanonicalRequest, CassetteJson } from './types.ts'

export { REDACTED } from '../core/secret-policy.ts'

/** Applies `visit` to every value a path pattern (`*` = any key or index) reaches. */
function atPath(
  value: CassetteJson,
  segments: readonly PatternSegment[],
  visit: (parent: Record<string, CassetteJson> | CassetteJson[], key: string) => void,
): void {
  if (value === null || typeof value !== 'object' || segments.length === 0) return
  const [head, ...rest] = segments as [PatternSegment, ...PatternSegment[]]
  const keys = head === ANY_KEY ? Object.keys(value) : [head]
  for (const key of keys) {
    if (!Object.hasOwn(value, key)) continue
    if (rest.length === 0) visit(value, key)
    else atPath((value as Record<string, CassetteJson>)[key] as CassetteJson, rest, visit)
  }
}

/**
 * URL without secret query parameters (by the redaction policy: their name or
 * their value), query sorted, no user info or fragment. A withheld parameter is
 * left out rather than masked, so a request matches its recording whatever
 * credential it carries.
 * @example
 * canonicalUrl('https://x.test/v1/chat?sig=abc&b=2&a=1') // 'https://x.test/v1/chat?a=1&b=2'
 */
export function canonicalUrl(raw: string, policy: SecretPolicy = DEFAULT_SECRET_POLICY): string {
  const url = new URL(raw)
  const params = [...url.searchParams].filter(([name, value]) => !policy.isSecretParam(name, value))
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const query = params.length > 0 ? `?${new URLSearchParams(params)}` : ''
  // A key in the path (`/bot<token>/`, `/keys/sk-…`) is masked in place.
  return `${url.origin}${maskSecretShapes(url.pathname)}${query}`
}

export interface CanonicalOptions {
  /** Body fields replaced by `[redacted]` (paths; see `secretPolicy`). Only without `policy`. */
  redact?: readonly string[]
  volatile?: readonly string[]
  /** The redaction policy (default: the built-in one with `redact`). */
  policy?: SecretPolicy
}

/**
 * The form a model request is matched and stored in: method, URL without
 * secrets, JSON body with keys sorted, volatile fields dropped and credentials
 * masked by the redaction policy (names, value shapes, the user's `redact`).
 * Headers are never kept (they carry the API keys).
 * @example
 * canonicalRequest('POST', 'https://api.openai.com/v1/chat/completions', '{"model":"gpt-4o","messages":[]}')
 */
export function canonicalRequest(
  method: string,
  url: string,
  bodyText: string,
  options: CanonicalOptions = {},
): CanonicalRequest {
  let body: CassetteJson = bodyText
  if (bodyText === '') body = null
  else {
    try {
      body = JSON.parse(bodyText) as CassetteJson
    } catch {
      // Not JSON: matched as text.
    }
  }
  for (const path of options.volatile ?? []) {
    atPath(body, patternOf(path), (parent, key) => {
      if (Array.isArray(parent)) parent.splice(Number(key), 1)
      else delete parent[key]
    })
  }
  const policy = options.policy ?? secretPolicy({ redact: options.redact ?? [] })
  return {
    method: method.toUpperCase(),
    url: canonicalUrl(url, policy),
    body: sortKeys(policy.json(body)) as CassetteJson,
  }
}
