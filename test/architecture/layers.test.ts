import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = resolve(import.meta.dirname, '../../src')

/** Lowest first; an import may only point to a lower rank (or inside its own folder). */
const RANK: Record<string, number> = {
  core: 0,
  schema: 1,
  twin: 2,
  faults: 2,
  http: 3,
  // Other transports and traffic served through the interception.
  mcp: 4,
  models: 4,
  trace: 4,
  scenario: 5,
  evaluate: 6,
  contract: 6,
  judge: 6,
  compare: 7,
  report: 8,
  mine: 8,
  vitest: 9,
  cli: 9,
}

/**
 * Imports that still run against the order, each to be removed by moving the
 * shared part down. The test fails when a new one appears and when one of
 * these is gone (so the list only shrinks).
 */
const KNOWN = [
  'cli/commands/agent-module.ts -> vitest/runtime/agents.ts',
  'contract/actions.ts -> evaluate/index.ts',
  'contract/claim-verdict.ts -> evaluate/index.ts',
  'contract/conditions.ts -> evaluate/index.ts',
  'contract/evaluate-contract.ts -> evaluate/types.ts',
  'contract/read-claim.ts -> judge/types.ts',
  'judge/apply-overrides.ts -> evaluate/types.ts',
  'judge/evaluate-judge.ts -> evaluate/types.ts',
  'judge/override-file.ts -> evaluate/types.ts',
  'scenario/evaluate-case.ts -> contract/index.ts',
  'scenario/evaluate-case.ts -> evaluate/index.ts',
  'scenario/evaluate-case.ts -> evaluate/types.ts',
  'scenario/evaluate-case.ts -> judge/index.ts',
  'schema/scenario-twin-checks.ts -> faults/check-rule.ts',
  'schema/templates.ts -> twin/templates.ts',
]

/** The layer of a file under src/, or undefined for the entry files at the top. */
function layerOf(file: string): string | undefined {
  if (file.startsWith('vitest/reporter/render/')) return 'report'
  if (!file.includes('/')) return undefined
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
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(folders.filter((name) => RANK[name] === undefined)).toEqual([])
  })

  it('imports only point down the order core < schema < twin, faults < http < scenario < evaluate, contract, judge < compare < report < vitest, cli', () => {
    expect(violations()).toEqual([...KNOWN].sort())
  })
})
