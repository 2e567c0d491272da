/**
 * Which field, header and query parameter names hold credentials: part of the
 * one redaction policy (`secret-policy.ts`). A name is read as words, whatever
 * its case and separators (`api_key`, `api-key`, `apiKey`, `APIKey`,
 * `X-Amz-Signature`, `client.secret`), and is secret when one of its words is
 * a credential word. Usage counters (`max_tokens`, `promptTokenCount`) are not:
 * the tokens a model counted are evidence, not credentials.
 */

/** Words that make a name secret wherever they stand in it. */
export const SECRET_NAME_WORDS: readonly string[] = [
  'key',
  'keys',
  'apikey',
  'token',
  'tokens',
  'secret',
  'secrets',
  'password',
  'passwords',
  'passwd',
  'pwd',
  'passphrase',
  'signature',
  'sig',
  'credential',
  'credentials',
  'auth',
  'oauth',
  'oauth2',
  'authorization',
  'authentication',
  'session',
  'cookie',
  'cookies',
  'private',
  'bearer',
  'jwt',
  'hmac',
  'csrf',
  'xsrf',
]

const WORDS: ReadonlySet<string> = new Set(SECRET_NAME_WORDS)

/** `apikey`, `accesstoken`, `clientsecret`, `sessionid`: credential words written as one. */
const COMPOUND =
  /^(?:api|access|auth|client|private|secret|session|refresh|id|bearer|app|master|signing|subscription|security|account|service|admin|user|consumer|webhook|encryption|deploy|personal)(?:key|keys|token|tokens|secret|password|passwd|pwd|signature|credential|credentials)$|^session(?:id|key)$/

/** Words that, beside `token`/`tokens`, make a name a usage counter or a limit. */
const COUNTER_WORDS: ReadonlySet<string> = new Set([
  'max',
  'min',
  'count',
  'counts',
  'total',
  'prompt',
  'completion',
  'completions',
  'input',
  'output',
  'cached',
  'cache',
  'creation',
  'reasoning',
  'audio',
  'text',
  'image',
  'video',
  'accepted',
  'rejected',
  'used',
  'remaining',
  'limit',
  'limits',
  'reset',
  'ratelimit',
  'budget',
  'num',
  'number',
  'thinking',
  'thoughts',
  'candidates',
  'details',
  'stop',
  'special',
  'estimated',
  'billed',
  'context',
  'generated',
  'usage',
  'per',
])

/** Whole names that hold a credential word but name no credential. */
const NOT_SECRET: ReadonlySet<string> = new Set([
  'promptcachekey',
  'cachekey',
  'idempotencykey',
  'partitionkey',
  'sortkey',
  'primarykey',
  'foreignkey',
  'publickey',
])

/**
 * The words of a name, lower case: split at separators and at camelCase.
 * @example
 * nameWords('X-Amz-Signature') // ['x', 'amz', 'signature']
 * nameWords('APIKey') // ['api', 'key']
 * nameWords('maxOutputTokens') // ['max', 'output', 'tokens']
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
}

/**
 * A name as it is compared with the user's `redact` and `keep` names: lower
 * case, separators dropped, so `customer_email`, `customer-email` and
 * `customerEmail` are one name.
 */
export function normalName(name: string): string {
  return nameWords(name).join('')
}

function isCredentialWord(word: string): boolean {
  return WORDS.has(word) || COMPOUND.test(word)
}

/**
 * Whether a field, header or query parameter of this name holds a credential
 * by the built-in name patterns (without a user's `redact` or `keep`).
 * @example
 * isSecretName('client_secret') // true
 * isSecretName('Ocp-Apim-Subscription-Key') // true
 * isSecretName('max_tokens') // false: a usage limit
 * isSecretName('author') // false: words, not letters, are compared
 */
export function isSecretName(name: string): boolean {
  const words = nameWords(name)
  if (words.length === 0 || NOT_SECRET.has(words.join(''))) return false
  const credentials = words.filter(isCredentialWord)
  if (credentials.length === 0) return false
  const onlyTokens = credentials.every((word) => word === 'token' || word === 'tokens')
  return !(onlyTokens && words.some((word) => COUNTER_WORDS.has(word)))
}
