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
    // `changeset version` formats the file and writes emphasis with underscores.
    const without = breaks.filter((entry) => !/[*_]Migration:[*_]/.test(entry.text))
    expect(without.map((entry) => `${entry.version}: ${entry.text.slice(0, 80)}`)).toEqual([])
  })

  it('has a migration page in the site for every minor line', () => {
    const pages = readdirSync(new URL('../../docs/releases/', import.meta.url))
    for (const minor of new Set(versions.map((entry) => minorOf(entry.version)))) {
      expect(pages).toContain(`migrate-${minor}.md`)
    }
  })

  it('reads breaking changes as `changeset version` writes them, and only those', () => {
    const written = [
      '# Changelog',
      '',
      '## 0.5.0',
      '',
      '### Minor Changes',
      '',
      '- 1a2b3c4: **Breaking:** `run` takes an options object.',
      '',
      '  _Migration:_ pass `{ faults }` where you passed the list.',
      '',
      '- 5d6e7f8: `agenttwin init --template` writes a starter.',
      '',
      '### Patch Changes',
      '',
      '- 9a8b7c6: **Breaking** words in a patch are not a break of the version line.',
      '',
    ].join('\n')
    const [entry] = parseChangelog(written)
    expect(entry?.version).toBe('0.5.0')
    expect(entry?.breaking).toEqual([
      '- 1a2b3c4: **Breaking:** `run` takes an options object.\n\n  _Migration:_ pass `{ faults }` where you passed the list.',
    ])
  })
})
