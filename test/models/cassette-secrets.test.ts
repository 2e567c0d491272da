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

// Key shapes of the providers and generic bearer / API-key headers.
const SECRETS = [
  /sk-[A-Za-z0-9_-]{16,}/,
  /sk-ant-[A-Za-z0-9_-]{8,}/,
  /Bearer\s+[A-Za-z0-9._-]{8,}/i,
  /"(authorization|x-api-key|cookie|set-cookie|api-key)"\s*:/i,
]

describe('committed cassettes', () => {
  it('hold no API key, bearer token or credential header', () => {
    const found = cassettes(root).flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return SECRETS.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${relative(root, file)}: ${pattern}`,
      )
    })
    expect(found).toEqual([])
  })
})
