import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { InvalidDocumentError } from '../../src/core/errors.ts'
import { CACHE_DIR_ENV } from '../../src/schema/cache-folder.ts'
import { DocumentStore } from '../../src/schema/document-store.ts'
import { loadScenarioIn, type ScenarioDocuments } from '../../src/schema/parse-scenario.ts'

// A scenario that loaded without a problem is kept with the digest of every file its check
// read; a later load (a fresh store, as in another test file or run) whose files are unchanged
// takes it instead of parsing and checking again. Every parse is counted here.
const parses = vi.hoisted(() => new Map<string, number>())

vi.mock('../../src/schema/parse-yaml.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/schema/parse-yaml.ts')>()
  return {
    ...original,
    parseYamlSource: (source: string, file: string) => {
      parses.set(file, (parses.get(file) ?? 0) + 1)
      return original.parseYamlSource(source, file)
    },
  }
})

const repo = resolve(import.meta.dirname, '../..')
let dir: string
let cache: string
const path = (relative: string) => join(dir, relative)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agenttwin-kept-scenarios-'))
  cache = mkdtempSync(join(tmpdir(), 'agenttwin-kept-cache-'))
  vi.stubEnv(CACHE_DIR_ENV, cache)
  cpSync(join(repo, 'examples/outcome-contracts'), path('pack'), { recursive: true })
  cpSync(join(repo, 'examples/demo-co/twins'), path('twins'), { recursive: true })
  cpSync(join(repo, 'examples/demo-co/injection'), path('injection'), { recursive: true })
  const conversation = readFileSync(
    join(repo, 'examples/adapters/scenarios/adapter-refund-conversation.scenario.yaml'),
    'utf8',
  ).replace('twin: ../../demo-co/twins/demo-co.twin.yaml', 'twin: ../twins/demo-co.twin.yaml')
  writeFileSync(path('injection/conversation.scenario.yaml'), conversation)
  parses.clear()
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
  rmSync(cache, { recursive: true, force: true })
})

const kept = () => readdirSync(join(cache, 'scenarios')).sort()
const keptTwins = () => readdirSync(join(cache, 'twins')).sort()
const parsesOf = (relative: string) => parses.get(path(relative)) ?? 0

/** What a caller reads of a load: the documents, the twin and the places tests point at. */
function seenOf(loaded: ScenarioDocuments, located: (string | number)[][]) {
  return {
    document: loaded.document,
    twinFile: loaded.twinFile,
    twin: loaded.twin,
    attacks: loaded.attacks,
    contracts: loaded.contracts,
    source: loaded.source,
    twinSource: loaded.twinSource,
    places: located.map((at) => loaded.locate(at as never)),
  }
}

const cases = [
  {
    name: 'a scenario with a contract',
    file: 'pack/scenarios/business-rejection-in-200.scenario.yaml',
    located: [['id'], ['expectations', 0], ['expectations', 1], ['title']],
  },
  {
    name: 'a scenario under three attacks',
    file: 'injection/refund-note-injection.scenario.yaml',
    located: [['id'], ['attacks', 0], ['attacks', 2], ['expectations', 1], ['input', 'message']],
  },
  {
    name: 'a conversation with checkpoints',
    file: 'injection/conversation.scenario.yaml',
    located: [['id'], ['conversation', 1, 'checkpoints', 0], ['expectations', 0], ['seed']],
  },
]

describe.each(cases)('$name, loaded again in a fresh store', ({ file, located }) => {
  test('parses nothing, its twin included, and gives what the first load gave', () => {
    const first = seenOf(loadScenarioIn(new DocumentStore(), path(file)), located)
    expect(kept()).toHaveLength(1)
    expect(parsesOf(file)).toBe(1)
    parses.clear()

    const again = loadScenarioIn(new DocumentStore(), path(file))
    // Neither the scenario nor its twin (kept too) is parsed again.
    expect([...parses.keys()]).toEqual([])
    expect(kept()).toHaveLength(1)
    expect(readdirSync(join(cache, 'twins'))).toHaveLength(1)
    const places = seenOf(again, located.slice(0, -1))
    expect(places).toEqual({ ...first, places: first.places.slice(0, -1) })
    // A place that was not kept is found by parsing the text, on first use.
    expect(again.locate(located.at(-1) as never)).toEqual(first.places.at(-1))
    expect(parsesOf(file)).toBe(1)
  })
})

const withContract = 'pack/scenarios/business-rejection-in-200.scenario.yaml'
const injection = 'injection/refund-note-injection.scenario.yaml'

/** The problems a load reports, one line each, or `loaded` when it loads. */
function problemsOf(file: string): string[] | 'loaded' {
  try {
    loadScenarioIn(new DocumentStore(), path(file))
    return 'loaded'
  } catch (error) {
    if (!(error instanceof InvalidDocumentError)) throw error
    return error.problems.map((problem) => `${problem.path}: ${problem.message}`)
  }
}

function edit(relative: string, from: string | RegExp, to: string): void {
  const text = readFileSync(path(relative), 'utf8')
  const changed = text.replace(from, to)
  expect(changed).not.toBe(text)
  writeFileSync(path(relative), changed)
}

describe('a kept scenario is never served stale', () => {
  test('a twin that no longer has a tool the scenario names is checked again, and the problem reported', () => {
    expect(problemsOf(injection)).toBe('loaded')
    expect(keptTwins()).toHaveLength(1)
    edit('twins/demo-co.twin.yaml', '- name: refund_payment\n', '- name: refund_payment_v2\n')
    const problems = problemsOf(injection)
    expect(problems).not.toBe('loaded')
    expect((problems as string[]).join('\n')).toContain('refund_payment')
  })

  test('an edited contract is read again: its new problem shows', () => {
    expect(problemsOf(withContract)).toBe('loaded')
    edit(
      'pack/contracts/refund-order.contract.yaml',
      'tools: [refund_payment]',
      'tools: [refund_everything]',
    )
    expect(problemsOf(withContract)).not.toBe('loaded')
  })

  test('an edited scenario is a new file; the old one is kept beside it', () => {
    expect(problemsOf(injection)).toBe('loaded')
    edit(injection, 'equals: 40', 'equals: 41')
    const again = loadScenarioIn(new DocumentStore(), path(injection))
    expect(again.document.expectations[0]).toMatchObject({ equals: 41 })
    expect(kept()).toHaveLength(2)
  })

  test('another resource limit in the environment is another file', () => {
    loadScenarioIn(new DocumentStore(), path(injection))
    vi.stubEnv('AGENTTWIN_MAX_DOCUMENT_BYTES', '32MiB')
    parses.clear()
    loadScenarioIn(new DocumentStore(), path(injection))
    expect(parsesOf(injection)).toBe(1)
    expect(kept()).toHaveLength(2)
  })

  test('a damaged file is not read: the scenario is checked again and kept anew', () => {
    const first = loadScenarioIn(new DocumentStore(), path(injection))
    const [name] = kept()
    writeFileSync(join(cache, 'scenarios', name!), '{"inputs": [')
    parses.clear()
    const again = loadScenarioIn(new DocumentStore(), path(injection))
    expect(parsesOf(injection)).toBe(1)
    expect(again.document).toEqual(first.document)
    expect(JSON.parse(readFileSync(join(cache, 'scenarios', name!), 'utf8'))).toMatchObject({
      twinFile: path('twins/demo-co.twin.yaml'),
    })
  })
})

describe('what is not kept', () => {
  test('nothing, with AGENTTWIN_CACHE_DIR set empty', () => {
    vi.stubEnv(CACHE_DIR_ENV, '')
    loadScenarioIn(new DocumentStore(), path(injection))
    parses.clear()
    loadScenarioIn(new DocumentStore(), path(injection))
    expect(parsesOf(injection)).toBe(1)
    expect(readdirSync(cache)).toEqual([])
  })

  test('a scenario holding a value JSON would change (-0 reads back as 0)', () => {
    edit(injection, 'equals: 40', 'equals: -0')
    const loaded = loadScenarioIn(new DocumentStore(), path(injection))
    expect(loaded.document.expectations[0]).toMatchObject({ equals: -0 })
    expect(readdirSync(cache)).toEqual(['twins'])
  })

  test('a twin with a problem, nor a scenario that names it', () => {
    edit('twins/demo-co.twin.yaml', '- name: refund_payment\n', '- name: Refund Payment\n')
    expect(problemsOf(injection)).not.toBe('loaded')
    expect(readdirSync(cache)).toEqual([])
  })

  test('a scenario with a problem', () => {
    edit(injection, 'equals: 40', 'equals: 40\n    bogus: 1')
    expect(problemsOf(injection)).not.toBe('loaded')
    expect(readdirSync(cache)).toEqual(['twins'])
  })
})
