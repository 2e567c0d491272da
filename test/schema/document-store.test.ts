import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { isDeepFrozen } from '../../src/core/freeze.ts'
import { pinCase } from '../../src/scenario/pin.ts'
import { CACHE_DIR_ENV } from '../../src/schema/cache-folder.ts'
import { DocumentStore } from '../../src/schema/document-store.ts'
import { loadScenarioIn } from '../../src/schema/parse-scenario.ts'
import { inspectTwinIn } from '../../src/schema/parse-twin.ts'

let dir: string
let file: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agenttwin-store-'))
  file = join(dir, 'notes.yaml')
  writeFileSync(file, 'a: 1\n')
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('a document store', () => {
  test('gives the text, the digest of its bytes and one parse, shared by every question', () => {
    const store = new DocumentStore()
    expect(store.read(file)).toEqual({ source: 'a: 1\n' })
    expect(store.digest(file)).toBe(sha256('a: 1\n'))
    const parse = store.parse(file)
    expect(parse.ok && parse.parsed.value).toEqual({ a: 1 })
    expect(store.parse(file)).toBe(parse)
  })

  test('reads a file again once it changed, whether or not it was told', () => {
    const store = new DocumentStore()
    const first = store.parse(file)
    writeFileSync(file, 'a: 22\n')
    const second = store.parse(file)
    expect(second).not.toBe(first)
    expect(second.ok && second.parsed.value).toEqual({ a: 22 })
    expect(store.digest(file)).toBe(sha256('a: 22\n'))
    store.forget(file)
    expect(store.parse(file)).not.toBe(second)
  })

  test('stats a file once in a pass: a change made during it is seen by the next question after it', () => {
    const store = new DocumentStore()
    const [before, during] = store.inOnePass(() => {
      const first = store.digest(file)
      writeFileSync(file, 'a: 333\n')
      // A pass inside the pass is part of it.
      return [first, store.inOnePass(() => store.digest(file))]
    })
    expect(during).toBe(before)
    expect(before).toBe(sha256('a: 1\n'))
    expect(store.digest(file)).toBe(sha256('a: 333\n'))
  })

  test('answers a file that cannot be read with its problem, and sees it appear', () => {
    const store = new DocumentStore()
    const missing = join(dir, 'later.yaml')
    expect(store.read(missing).problem?.message).toBe('the file does not exist')
    expect(store.digest(missing)).toBeUndefined()
    const parse = store.parse(missing)
    expect(parse.ok).toBe(false)
    writeFileSync(missing, 'b: 2\n')
    expect(store.read(missing)).toEqual({ source: 'b: 2\n' })
  })

  test('checks a twin once, and gives each caller its own copy', () => {
    const twin = join(dir, 'demo-co.twin.yaml')
    cpSync(join(import.meta.dirname, '../../examples/demo-co/twins/demo-co.twin.yaml'), twin)
    const store = new DocumentStore()
    const one = inspectTwinIn(store, twin)
    const two = inspectTwinIn(store, twin)
    expect(one.problems).toEqual([])
    expect(one.document).toEqual(two.document)
    expect(one.document).not.toBe(two.document)
  })

  test('shares one deep-frozen twin between scenarios that only read it, and pins it without a copy', {
    timeout: 60_000,
  }, () => {
    const twin = join(dir, 'twins/demo-co.twin.yaml')
    cpSync(join(import.meta.dirname, '../../examples/demo-co/twins'), join(dir, 'twins'), {
      recursive: true,
    })
    const scenarioText = readFileSync(
      join(import.meta.dirname, '../../examples/demo-co/scenarios/refund-happy-path.scenario.yaml'),
      'utf8',
    ).replace(/^twin: .*$/m, 'twin: ../twins/demo-co.twin.yaml')
    const [a, b] = ['a', 'b'].map((name) => {
      const path = join(dir, `scenarios/${name}.scenario.yaml`)
      mkdirSync(join(dir, 'scenarios'), { recursive: true })
      writeFileSync(path, scenarioText)
      return path
    })
    const store = new DocumentStore()
    const shared = [a!, b!].map((path) => loadScenarioIn(store, path, { frozenTwin: true }).twin)
    expect(shared[0]).toBe(shared[1])
    expect(isDeepFrozen(shared[0])).toBe(true)
    const pinned = pinCase({ document: loadScenarioIn(store, a!).document, twin: shared[0]! })
    expect(pinned.twinDocument).toBe(shared[0])
    // A caller that did not ask gets its own copy, which it may change.
    const own = loadScenarioIn(store, a!).twin
    expect(own).not.toBe(shared[0])
    expect(own).toEqual(shared[0])
    expect(Object.isFrozen(own)).toBe(false)
    expect(inspectTwinIn(store, twin).document).toEqual(shared[0])
  })

  test('hands a kept scenario over frozen when asked, and pins it without a copy', {
    timeout: 60_000,
  }, () => {
    cpSync(join(import.meta.dirname, '../../examples/demo-co'), join(dir, 'demo-co'), {
      recursive: true,
    })
    vi.stubEnv(CACHE_DIR_ENV, join(dir, 'cache'))
    const scenario = join(dir, 'demo-co/scenarios/refund-happy-path.scenario.yaml')
    const options = { frozenTwin: true, frozenScenario: true }
    // Checked now, the document is the store's shared one: left as it is, and pinned as a copy.
    const checked = loadScenarioIn(new DocumentStore(), scenario, options).document
    expect(Object.isFrozen(checked)).toBe(false)
    const copied = pinCase({
      document: checked,
      twin: loadScenarioIn(new DocumentStore(), scenario).twin,
    })
    expect(copied.document).not.toBe(checked)
    // Taken from the kept store, it is a fresh copy of its own: frozen in place, pinned as it is.
    const store = new DocumentStore()
    const kept = loadScenarioIn(store, scenario, options)
    expect(isDeepFrozen(kept.document)).toBe(true)
    const pinned = pinCase({ document: kept.document, twin: kept.twin })
    expect(pinned.document).toBe(kept.document)
    expect(pinned.scenario.digest).toBe(copied.scenario.digest)
    // Without the option a caller gets a document it may change.
    expect(Object.isFrozen(loadScenarioIn(new DocumentStore(), scenario).document)).toBe(false)
  })
})
