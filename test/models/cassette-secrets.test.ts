import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage'])

function cassettes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return cassettes(path)
    return entry.name.endsWith('.cassette.json') ? [path] : []
  })
}

// Key shapes of the providers, bearer tokens, and credential headers or cookies.
const SECRETS: Array<[string, RegExp]> = [
  ['an OpenAI-style sk- key', /\bsk-[A-Za-z0-9_-]{16,}/],
  ['an Anthropic key', /\bsk-ant-[A-Za-z0-9_-]{8,}/],
  ['a bearer token', /Bearer\s+[A-Za-z0-9._~+/-]{8,}/i],
  ['a credential header', /"(authorization|x-api-key|api-key|proxy-authorization)"\s*:/i],
  ['a cookie', /"(cookie|set-cookie)"\s*:/i],
]

/** Every secret in `text`, as `file:line: what`. */
function secretsIn(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, at) =>
      SECRETS.filter(([, pattern]) => pattern.test(line)).map(
        ([what]) => `${file}:${at + 1}: ${what}`,
      ),
    )
}

describe('committed cassettes', () => {
  it('are found: the example and the tests commit some', () => {
    const found = cassettes(root).map((file) => relative(root, file))
    expect(found.some((file) => file.startsWith('examples/'))).toBe(true)
  })

  it('hold no API key, bearer token, credential header or cookie', () => {
    const found = cassettes(root).flatMap((file) =>
      secretsIn(relative(root, file), readFileSync(file, 'utf8')),
    )
    expect(found).toEqual([])
  })

  it('the scan names the file and line of each kind of secret', () => {
    const planted = [
      '{',
      '  "headers": { "authorization": "Bearer abcdefgh12345678" },',
      '  "body": { "key": "sk-proj-0123456789abcdefXYZ" },',
      '  "response": { "headers": { "set-cookie": "s=1" } }',
      '}',
    ].join('\n')
    expect(secretsIn('x.cassette.json', planted)).toEqual([
      'x.cassette.json:2: a bearer token',
      'x.cassette.json:2: a credential header',
      'x.cassette.json:3: an OpenAI-style sk- key',
      'x.cassette.json:4: a cookie',
    ])
  })
})
