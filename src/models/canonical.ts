import { sortKeys } from '../core/canonical-json.ts'
import { ANY_KEY, type PatternSegment, patternOf } from '../core/state-path.ts'
import type { CanonicalRequest, CassetteJson } from './types.ts'

export const REDACTED = '[redacted]'

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

const SECRET_QUERY = /^(key|api[-_]?key|access[-_]?token|token)$/i

/** URL without secret query parameters, query sorted. */
export function canonicalUrl(raw: string): string {
  const url = new URL(raw)
  const params = [...url.searchParams].filter(([name]) => !SECRET_QUERY.test(name))
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const query = params.length > 0 ? `?${new URLSearchParams(params)}` : ''
  return `${url.origin}${url.pathname}${query}`
}

export interface CanonicalOptions {
  redact?: readonly string[]
  volatile?: readonly string[]
}

/**
 * The form a model request is matched and stored in: method, URL without
 * secrets, JSON body with keys sorted, volatile fields dropped and redacted
 * fields replaced. Headers are never kept (they carry the API keys).
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
  for (const path of options.redact ?? []) {
    atPath(body, patternOf(path), (parent, key) => {
      ;(parent as Record<string, CassetteJson>)[key] = REDACTED
    })
  }
  return {
    method: method.toUpperCase(),
    url: canonicalUrl(url),
    body: sortKeys(body) as CassetteJson,
  }
}
