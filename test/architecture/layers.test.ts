import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = resolve(import.meta.dirname, '../../src')

/** Lowest first; an import may only point to a lower rank (or inside its own folder). */
const RANK: Record<string, number> = {
  core: 0,
  // The fault catalog is vocabulary the documents are checked against.
  faults: 1,
  schema: 2,
  twin: 3,
  http: 4,
  // Other transports and traffic served through the interception.
  mcp: 5,
  models: 5,
  trace: 5,
  scenario: 6,
  evaluate: 7,
  // A judge reads a case through evaluate's eyes; a contract builds on both.
  judge: 8,
  contract: 9,
  // The case pipeline: run a case, evaluate every expectation, apply the review.
  case: 10,
  compare: 11,
  report: 12,
  mine: 12,
  vitest: 13,
  cli: 13,
}

/**
 * Imports that still run against the order, each to be removed by moving the
 * shared part down. The test fails when a new one appears and when one of
 * these is gone (so the list only shrinks).
 */
const KNOWN: string[] = []

/** The layer of a file under src/, or undefined for the package's public entries (src/public/) at the top. */
function layerOf(file: string): string | undefined {
  if (file.startsWith('public/')) return undefined
  return file.split('/')[0]
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found = text.matchAll(
    /(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g,
  )
  return [...found].map((match) => (match[1] ?? match[2]) as string)
}

function violations(): string[] {
  const found: string[] = []
  for (const path of sourceFiles(src)) {
    const file = relative(src, path)
    const from = layerOf(file)
    if (from === undefined) continue
    for (const specifier of importsOf(path)) {
      const target = relative(src, resolve(dirname(path), specifier))
      const to = layerOf(target)
      if (to === undefined || to === from) continue
      const fromRank = RANK[from]
      const toRank = RANK[to]
      if (fromRank === undefined || toRank === undefined || toRank >= fromRank) {
        found.push(`${file} -> ${target}`)
      }
    }
  }
  return found.sort()
}

describe('layer order of src/', () => {
  it('has a rank for every top-level folder', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'public')
      .map((entry) => entry.name)
    expect(folders.filter((name) => RANK[name] === undefined)).toEqual([])
  })

  it('imports only point down the order core < faults < schema < twin < http < mcp, models, trace < scenario < evaluate < judge < contract < case < compare < report, mine < vitest, cli', () => {
    expect(violations()).toEqual([...KNOWN].sort())
  })
})
