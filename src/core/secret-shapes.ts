/**
 * Credentials recognised by their value, wherever they stand: part of the one
 * redaction policy (`secret-policy.ts`). Each shape is specific enough that
 * prose, ids and digests do not match it (a bare 64-hex digest is not a
 * signature; `Basic` must be followed by base64 of `user:password`).
 */

/** What a redacted value or part of a text is replaced by. */
export const REDACTED = '[redacted]'

/** One kind of credential and how to find it in text. */
export interface SecretShape {
  /** What it is, for the messages of a scan. */
  name: string
  /** A global pattern. */
  pattern: RegExp
  /** Whether a match really is one (a cheap pattern first, a closer look after). */
  accept?: (match: string) => boolean
  /** The match masked, when more than the mask is left (`Bearer [redacted]`). Default: the mask. */
  mask?: (match: string) => string
}

/** Keeps the scheme word: `Bearer [redacted]`, `Basic [redacted]`. */
const scheme = (match: string) => `${match.split(/\s+/)[0]} ${REDACTED}`

/** Every value shape the policy redacts. */
export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    name: 'a private key block',
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  },
  {
    name: 'an OpenAI or Anthropic key (sk-, sk-proj-, sk-ant-)',
    pattern: /\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}/g,
  },
  { name: 'a Stripe-style key', pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}/g },
  {
    name: 'an AWS access key id (AKIA, ASIA)',
    pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g,
  },
  {
    name: 'an AWS SigV4 authorization',
    pattern:
      /AWS4-HMAC-SHA256\s+Credential=[^\s,]+(?:,\s*SignedHeaders=[^\s,]+)?(?:,\s*Signature=[0-9a-fA-F]+)?/g,
  },
  { name: 'an AWS SigV4 signature', pattern: /\b(?:X-Amz-)?Signature=[0-9a-fA-F]{64}\b/gi },
  { name: 'a GitHub token', pattern: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/g },
  { name: 'a GitHub fine-grained token', pattern: /\bgithub_pat_[A-Za-z0-9_]{20,}/g },
  { name: 'a Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { name: 'a Google API key', pattern: /\bAIza[0-9A-Za-z_-]{30,}/g },
  { name: 'a Google OAuth token', pattern: /\bya29\.[0-9A-Za-z_-]{20,}/g },
  { name: 'a Hugging Face token', pattern: /\bhf_[A-Za-z0-9]{30,}/g },
  { name: 'a Groq key', pattern: /\bgsk_[A-Za-z0-9]{20,}/g },
  { name: 'an xAI key', pattern: /\bxai-[A-Za-z0-9]{20,}/g },
  { name: 'a GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { name: 'an npm token', pattern: /\bnpm_[A-Za-z0-9]{30,}/g },
  { name: 'a SendGrid key', pattern: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  {
    name: 'a JWT',
    pattern: /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/g,
  },
  {
    name: 'a bearer token',
    pattern: /\bBearer\s+[A-Za-z0-9._~+/-]{8,}=*/g,
    // "Bearer instruments" is prose: a token has a digit or is long.
    accept: (match) => {
      const token = match.split(/\s+/)[1] ?? ''
      return /\d/.test(token) || token.length >= 20
    },
    mask: scheme,
  },
  {
    name: 'basic credentials',
    pattern: /\bBasic\s+[A-Za-z0-9+/]{4,}={0,2}/g,
    accept: (match) => isBasicCredential(match.split(/\s+/)[1] ?? ''),
    mask: scheme,
  },
  {
    name: 'a password in a URL',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:[^\s/@]+@/gi,
    mask: (match) => `${match.slice(0, match.lastIndexOf(':') + 1)}${REDACTED}@`,
  },
]

/** `dXNlcjpwYXNz` is `user:pass`: base64 that decodes to printable text with a colon. */
function isBasicCredential(encoded: string): boolean {
  if (encoded.length % 4 !== 0) return false
  let decoded: string
  try {
    decoded = atob(encoded)
  } catch {
    return false
  }
  return decoded.includes(':') && /^[\x20-\x7e]+$/.test(decoded)
}

/**
 * The text with every value shape replaced by `[redacted]` (a scheme word such
 * as `Bearer` stays in front of the mask).
 * @example
 * maskSecretShapes('key sk-proj-abcdefghijklmnop1234 and Bearer abc.def.123') // 'key [redacted] and Bearer [redacted]'
 */
export function maskSecretShapes(text: string): string {
  let out = text
  for (const shape of SECRET_SHAPES) {
    shape.pattern.lastIndex = 0
    if (!shape.pattern.test(out)) continue
    out = out.replace(shape.pattern, (match) => {
      if (shape.accept && !shape.accept(match)) return match
      return shape.mask ? shape.mask(match) : REDACTED
    })
  }
  return out
}

/**
 * The kinds of credential that appear in `text` by their shape.
 * @example
 * secretShapesIn('AKIAABCDEFGHIJKLMNOP') // ['an AWS access key id (AKIA, ASIA)']
 */
export function secretShapesIn(text: string): string[] {
  const found: string[] = []
  for (const shape of SECRET_SHAPES) {
    for (const match of text.matchAll(shape.pattern)) {
      if (!shape.accept || shape.accept(match[0])) {
        found.push(shape.name)
        break
      }
    }
  }
  return found
}
