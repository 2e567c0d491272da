import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { minorOf, parseChangelog } from '../../scripts/docs/release-pages.ts'

const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8')
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
const versions = parseChangelog(changelog)

describe('releases', () => {
  it("gives package.json's version an entry in CHANGELOG.md", () => {
    expect(versions.map((entry) => entry.version)).toContain(manifest.version)
  })

  it('lists versions newest first, each once', () => {
    const numbers = versions.map((entry) => entry.version.split('.').map(Number))
    const sorted = [...numbers].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!)
    expect(numbers).toEqual(sorted)
    expect(new Set(versions.map((entry) => entry.version)).size).toBe(versions.length)
  })

  it('gives every breaking change a migration note', () => {
    const breaks = versions.flatMap((entry) =>
      entry.breaking.map((text) => ({ version: entry.version, text })),
    )
    expect(breaks.length).toBeGreaterThan(0)
    const without = breaks.filter((entry) => !entry.text.includes('*Migration:*'))
    expect(without.map((entry) => `${entry.version}: ${entry.text.slice(0, 80)}`)).toEqual([])
  })

  it('has a migration page in the site for every minor line', () => {
    const pages = readdirSync(new URL('../../docs/releases/', import.meta.url))
    for (const minor of new Set(versions.map((entry) => minorOf(entry.version)))) {
      expect(pages).toContain(`migrate-${minor}.md`)
    }
  })
})
