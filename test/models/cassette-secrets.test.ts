import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../src/core/json.ts'
import { DEFAULT_SECRET_POLICY } from '../../src/core/secret-policy.ts'

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

/**
 * Every credential in a cassette by the redaction policy that wrote it (names
 * and value shapes), as `file: path: what`; a file that is not JSON is scanned as text.
 */
function secretsIn(file: string, text: string): string[] {
  let parsed: JsonValue
  try {
    parsed = JSON.parse(text) as JsonValue
  } catch {
    return DEFAULT_SECRET_POLICY.text(text) === text ? [] : [`${file}: a secret in its text`]
  }
  return DEFAULT_SECRET_POLICY.findSecrets(parsed).map((found) => `${file}: ${found}`)
}

describe('committed cassettes', () => {
  it('are found: the example and the tests commit some', () => {
    const found = cassettes(root).map((file) => relative(root, file))
    expect(found.some((file) => file.startsWith('examples/'))).toBe(true)
  })

  it('hold no credential the redaction policy would mask', () => {
    const found = cassettes(root).flatMap((file) =>
      secretsIn(relative(root, file), readFileSync(file, 'utf8')),
    )
    expect(found).toEqual([])
  })

  it('the scan names the file, the field and the kind of each secret', () => {
    const planted = JSON.stringify({
      headers: { authorization: 'Bearer abcdefgh12345678' },
      body: { key: 'sk-proj-0123456789abcdefXYZ', note: 'AKIAIOSFODNN7EXAMPLE', max_tokens: 5 },
      url: 'https://x.test/v1?sig=abc&q=1',
      response: { headers: { 'set-cookie': 's=1' } },
    })
    expect(secretsIn('x.cassette.json', planted)).toEqual([
      'x.cassette.json: headers.authorization: a bearer token',
      'x.cassette.json: body.key: an OpenAI or Anthropic key (sk-, sk-proj-, sk-ant-)',
      'x.cassette.json: body.note: an AWS access key id (AKIA, ASIA)',
      'x.cassette.json: url: a secret by its name',
      'x.cassette.json: response.headers.set-cookie: a secret by its name',
    ])
    expect(secretsIn('x.cassette.json', 'not json: api_key=abc')).toEqual([
      'x.cassette.json: a secret in its text',
    ])
  })
})
