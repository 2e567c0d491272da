import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { DocumentStore } from '../../src/schema/document-store.ts'
import { loadScenarioSync } from '../../src/schema/index.ts'
import { offerCheckedTwin } from '../../src/schema/offered-twins.ts'
import type { TwinDocument } from '../../src/schema/twin-document.ts'
import { prepareScenario } from '../../src/vitest/node/prepare-scenario.ts'
import { scenarioDocuments } from '../../src/vitest/runtime/scenario-documents.ts'
import { type PreparedScenario, stillCurrent } from '../../src/vitest/shared/prepared-scenario.ts'

const demo = join(import.meta.dirname, '../../examples/demo-co')
let dir: string
let scenario: string
let twin: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agenttwin-prepared-'))
  cpSync(join(demo, 'twins'), join(dir, 'twins'), { recursive: true })
  scenario = join(dir, 'scenarios/refund.scenario.yaml')
  cpSync(join(demo, 'scenarios/refund-happy-path.scenario.yaml'), scenario)
  twin = join(dir, 'twins/demo-co.twin.yaml')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const prepare = () => {
  return prepareScenario(new DocumentStore(), scenario).prepared
}
// What a worker asks: each file's digest as it is now, in the worker's own store.
const current = (prepared: PreparedScenario) => stillCurrent(prepared, new DocumentStore())

describe('a scenario prepared in the main process', () => {
  test('carries the documents the loader accepted and where its tests point', () => {
    const prepared = prepare()!
    const loaded = loadScenarioSync(scenario)
    expect(prepared.document).toEqual(loaded.document)
    expect(prepared.twinFile).toBe(twin)
    // Its twin reaches the worker from the module that offers it, once for every scenario naming it.
    expect(prepared).not.toHaveProperty('twin')
    const lines = readFileSync(scenario, 'utf8').split('\n')
    expect(lines[prepared.locations.id.line - 1]).toMatch(/^id: /)
    expect(prepared.locations.expectations).toHaveLength(loaded.document.expectations.length)
    expect(lines[prepared.locations.expectations[0]!.line - 1]).toMatch(/- id: /)
    expect(prepared.inputs.map((input) => input.file)).toEqual([scenario, twin])
    expect(current(prepared)).toBe(true)
  })

  test('is stale once the twin changes, so the worker reads the documents again', () => {
    const prepared = prepare()!
    writeFileSync(twin, readFileSync(twin, 'utf8').replace('stepMs', 'stepMs'.padEnd(7)))
    expect(current(prepared)).toBe(false)
  })

  test('is stale once the twin is gone', () => {
    const prepared = prepare()!
    rmSync(twin)
    expect(current(prepared)).toBe(false)
  })

  test('without its twin offered, the worker loads the documents itself and runs the same twin', () => {
    const prepared = prepare()!
    const documents = scenarioDocuments({ file: scenario, prepared }, new DocumentStore())
    expect(documents.twin).toEqual(loadScenarioSync(scenario).twin)
    expect(documents.document).toEqual(prepared.document)
  })

  test('with its twin offered under other bytes, the worker loads the twin as it is now', () => {
    const prepared = prepare()!
    const stale = { ...loadScenarioSync(scenario).twin, metadata: { name: 'an-older-twin' } }
    offerCheckedTwin(twin, 'sha256:not-these-bytes', stale as TwinDocument)
    const documents = scenarioDocuments({ file: scenario, prepared }, new DocumentStore())
    expect(documents.twin).toEqual(loadScenarioSync(scenario).twin)
  })

  test('is not made for an invalid scenario: the worker reports its problems at their lines', () => {
    writeFileSync(scenario, readFileSync(scenario, 'utf8').replace(/^title: .*$/m, 'title: 42'))
    expect(prepare()).toBeUndefined()
    writeFileSync(twin, 'apiVersion: agenttwin/twin.v1\n')
    expect(prepare()).toBeUndefined()
  })
})
