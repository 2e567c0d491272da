import { readdirSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files.ts'

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
  // Twins as tool functions in the agent's own process: a transport beside HTTP and MCP.
  'in-process': 5,
  models: 5,
  trace: 5,
  scenario: 6,
  // One module per agent framework, each loaded only through its own package entry.
  adapters: 7,
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

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found = text.matchAll(
    /(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g,
  )
  return [...found].map((match) => (match[1] ?? match[2]) as string)
}

/** Every import between files of src/, as `from -> to` paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const path of sourceFiles(src)) {
    const targets = importsOf(path).map((specifier) =>
      relative(src, resolve(dirname(path), specifier)),
    )
    graph.set(relative(src, path), targets)
  }
  return graph
}

/** The import loops of src/ (strongly connected groups of more than one file), each sorted. */
function importLoops(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const loops: string[][] = []
  let next = 0
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next++
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const loop: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      loop.push(member)
    } while (member !== file)
    if (loop.length > 1) loops.push(loop.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return loops
}

/**
 * The side of Vitest's process boundary a file of src/vitest/ runs on: `node`
 * (the main process: plugin, option resolution, reporter), `runtime` (the test
 * workers: suites, fixtures, matchers, setup) or `shared` (the serialisable
 * shapes both exchange).
 */
function sideOf(file: string): 'node' | 'runtime' | 'shared' | undefined {
  const match = /^vitest\/(node|runtime|shared)\//.exec(file)
  return match?.[1] as 'node' | 'runtime' | 'shared' | undefined
}

/** What each side may not import: a worker never loads the main process's code, nor the reverse. */
const FORBIDDEN_SIDES: Record<'node' | 'runtime' | 'shared', string[]> = {
  runtime: ['node'],
  node: ['runtime'],
  shared: ['node', 'runtime'],
}

function boundaryCrossings(graph: Map<string, string[]>): string[] {
  const found: string[] = []
  for (const [file, targets] of graph) {
    const side = sideOf(file)
    for (const target of targets) {
      // The package entries sit on top of everything; nothing inside src/ imports them.
      if (target.startsWith('public/') && !file.startsWith('public/'))
        found.push(`${file} -> ${target}`)
      const targetSide = sideOf(target)
      if (side && targetSide && FORBIDDEN_SIDES[side].includes(targetSide)) {
        found.push(`${file} -> ${target}`)
      }
    }
  }
  return found.sort()
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

describe('import structure of src/', () => {
  const graph = importGraph()

  it('has no import loop of more than two files', () => {
    const large = importLoops(graph).filter((loop) => loop.length > 2)
    expect(large.map((loop) => loop.join(' <-> '))).toEqual([])
  })

  it('finds a loop where there is one (the check can fail)', () => {
    const loops = importLoops(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', ['c.ts']],
        ['c.ts', ['a.ts', 'd.ts']],
        ['d.ts', []],
      ]),
    )
    expect(loops).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })

  it('keeps Vitest worker code and main-process code apart (vitest/runtime, vitest/node, vitest/shared)', () => {
    expect(boundaryCrossings(graph)).toEqual([])
  })

  it('sees a worker file that imports a main-process file (the check can fail)', () => {
    const crossing = new Map([
      ['vitest/runtime/suite.ts', ['vitest/node/plugin.ts', 'vitest/shared/meta.ts']],
      ['vitest/shared/meta.ts', ['vitest/runtime/suite.ts']],
      ['http/x.ts', ['public/msw.ts']],
    ])
    expect(boundaryCrossings(crossing)).toEqual([
      'http/x.ts -> public/msw.ts',
      'vitest/runtime/suite.ts -> vitest/node/plugin.ts',
      'vitest/shared/meta.ts -> vitest/runtime/suite.ts',
    ])
  })

  it('puts every file of src/vitest/ on one side of the boundary', () => {
    const unplaced = [...graph.keys()].filter(
      (file) => file.startsWith('vitest/') && sideOf(file) === undefined,
    )
    expect(unplaced).toEqual([])
  })
})
