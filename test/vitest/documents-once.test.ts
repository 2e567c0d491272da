import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import '../../src/public/vitest-setup.ts'
import { packAgents } from '../../examples/outcome-contracts/agents.ts'
import { holdInterception } from '../../src/http/shared-interception.ts'
import { pinCase } from '../../src/scenario/pin.ts'
import { CACHE_DIR_ENV } from '../../src/schema/cache-folder.ts'
import { DocumentStore } from '../../src/schema/document-store.ts'
import { loadTwinSync } from '../../src/schema/parse-twin.ts'
import type { TwinDocument } from '../../src/schema/twin-document.ts'
import { agentTwin } from '../../src/vitest/node/plugin.ts'
import { describeScenario } from '../../src/vitest/runtime/fixtures/describe-scenario.ts'
import { test as scenarioTest } from '../../src/vitest/runtime/fixtures/test.ts'
import { useTwin } from '../../src/vitest/runtime/fixtures/use-twin.ts'
import { scenarioDocuments } from '../../src/vitest/runtime/scenario-documents.ts'
import { offerCheckedTwin } from '../../src/vitest/runtime/scenario-suite.ts'
import { createSideRunner } from '../../src/vitest/runtime/side-runner.ts'
import type { PreparedScenario } from '../../src/vitest/shared/prepared-scenario.ts'

// Every parse of a document's text and every hash of a file's bytes or text, by file: the
// counters wrap the one YAML/JSON parse function and `createHash`, so a parse or hash
// anywhere (a loader, a memo key, a staleness check) is counted.
const seen = vi.hoisted(() => ({
  parses: new Map<string, number>(),
  hashes: new Map<string, number>(),
  /** The files whose hashing is counted, with the versions of their bytes. */
  files: new Map<string, Buffer[]>(),
}))

vi.mock('../../src/schema/parse-yaml.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/schema/parse-yaml.ts')>()
  return {
    ...original,
    parseYamlSource: (source: string, file: string) => {
      seen.parses.set(file, (seen.parses.get(file) ?? 0) + 1)
      return original.parseYamlSource(source, file)
    },
  }
})

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>()
  const createHash = ((...args: Parameters<typeof original.createHash>) => {
    const hash = original.createHash(...args)
    const update = hash.update.bind(hash) as (data: unknown, encoding?: unknown) => typeof hash
    hash.update = ((data: unknown, encoding?: unknown) => {
      for (const [file, versions] of seen.files) {
        const same = versions.some((bytes) =>
          typeof data === 'string' ? data === bytes.toString('utf8') : bytes.equals(data as Buffer),
        )
        if (same) seen.hashes.set(file, (seen.hashes.get(file) ?? 0) + 1)
      }
      return update(data, encoding)
    }) as typeof hash.update
    return hash
  }) as typeof original.createHash
  return { ...original, default: { ...original, createHash }, createHash }
})

// These counts are of one process's own reads: the documents kept on disk between loads
// (kept-documents.test.ts) would answer the later loads of this file instead.
vi.stubEnv(CACHE_DIR_ENV, '')

const repo = resolve(import.meta.dirname, '../..')
const pack = join(repo, 'examples/outcome-contracts')
// Nine scenario files name the one payments twin, eight of them the one refund contract.
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-documents-once-'))
for (const folder of ['scenarios', 'twins', 'contracts']) {
  cpSync(join(pack, folder), join(dir, folder), { recursive: true })
}
const twin = join(dir, 'twins/payments.twin.yaml')
const contract = join(dir, 'contracts/refund-order.contract.yaml')
const scenarios = [
  'success-without-effect',
  'duplicate-after-timeout',
  'safe-retry-with-key',
  'queue-accepted-not-run',
].map((id) => join(dir, `scenarios/${id}.scenario.yaml`))
const files = [...scenarios, twin, contract]
/** The twin's description, which the watch-mode test changes. */
const description =
  'Orders, refunds, cancellations and human handoff for the outcome-contract pack.'

/** Counts from zero, the files as they are now (and `also` other texts of a file). */
function watch(also: Record<string, string> = {}): void {
  seen.files.clear()
  for (const file of files) seen.files.set(file, [readFileSync(file)])
  for (const [file, text] of Object.entries(also)) seen.files.get(file)!.push(Buffer.from(text))
  seen.parses.clear()
  seen.hashes.clear()
}

/** Per file (relative to the scratch directory): how often it was parsed and hashed. */
function counted(): Record<string, string> {
  return Object.fromEntries(
    files.map((file) => [
      relative(dir, file),
      `parsed ${seen.parses.get(file) ?? 0}, hashed ${seen.hashes.get(file) ?? 0}`,
    ]),
  )
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Hook = (this: unknown, ...args: unknown[]) => unknown
function call(
  plugin: Plugin,
  name: 'configResolved' | 'load' | 'resolveId' | 'watchChange',
  ...args: unknown[]
) {
  const hook = plugin[name] as Hook | { handler: Hook }
  return (typeof hook === 'function' ? hook : hook.handler).call({}, ...args)
}

/** The plugin of one Vitest project, as Vite drives it: configured, then asked for each scenario. */
async function projectPlugin(): Promise<Plugin> {
  const plugin = agentTwin({
    scenarios: 'scenarios/*.scenario.yaml',
    agents: join(pack, 'agents.ts'),
    pairs: [{ baseline: 'v1', candidate: 'v2' }],
    reporter: false,
  })
  await call(plugin, 'configResolved', { root: dir })
  return plugin
}

/** What a generated scenario module hands its worker. */
function preparedIn(code: unknown): PreparedScenario {
  const literal = /^ {2}prepared: JSON\.parse\((.*)\),$/m.exec((code as { code: string }).code)
  return JSON.parse(JSON.parse(literal![1]!)) as PreparedScenario
}

/**
 * Runs the module a generated scenario module imports first, as its worker
 * does: it offers the twin the main process checked. Returns that twin.
 */
function runTwinOffer(plugin: Plugin, code: unknown): TwinDocument {
  const [offerImport] = (code as { code: string }).code.split('\n')
  const offerId = JSON.parse(offerImport!.replace(/^import /, '')) as string
  const offerModule = call(plugin, 'load', call(plugin, 'resolveId', offerId)) as { code: string }
  const [runtime, ...body] = offerModule.code.split('\n')
  expect(runtime).toMatch(/^import \{ offerCheckedTwin \} from ".*scenario-suite\.ts"$/)
  let document: TwinDocument | undefined
  new Function('offerCheckedTwin', body.join('\n'))(
    (file: string, digest: string, twin: TwinDocument) => {
      document = twin
      offerCheckedTwin(file, digest, twin)
    },
  )
  return document!
}

describe('a plugin run of several scenario files that share one twin and one contract', () => {
  let generated: PreparedScenario[]
  let plugin: Plugin

  beforeAll(async () => {
    watch()
    plugin = await projectPlugin()
    generated = scenarios.map((file) => preparedIn(call(plugin, 'load', file)))
  })

  test('the main process parses and hashes each document once', () => {
    expect(counted()).toEqual({
      'scenarios/success-without-effect.scenario.yaml': 'parsed 1, hashed 1',
      'scenarios/duplicate-after-timeout.scenario.yaml': 'parsed 1, hashed 1',
      'scenarios/safe-retry-with-key.scenario.yaml': 'parsed 1, hashed 1',
      'scenarios/queue-accepted-not-run.scenario.yaml': 'parsed 1, hashed 1',
      'twins/payments.twin.yaml': 'parsed 1, hashed 1',
      'contracts/refund-order.contract.yaml': 'parsed 1, hashed 1',
    })
    expect(generated.map((prepared) => prepared.inputs.length)).toEqual([3, 3, 3, 3])
  })

  test("a worker parses none of its file's documents and hashes each once, running a pair included", async () => {
    const prepared = generated[0]!
    // Its module offers the twin first; the scenario module then carries no copy of it.
    const offered = runTwinOffer(plugin, call(plugin, 'load', scenarios[0]))
    expect(prepared).not.toHaveProperty('twin')
    watch()
    const documents = scenarioDocuments({ file: scenarios[0]!, prepared }, new DocumentStore())
    expect(documents.twin).toBe(offered)
    const pinned = pinCase({
      file: scenarios[0],
      document: documents.document,
      twin: documents.twin,
    })
    const hold = holdInterception('documents-once test')
    try {
      const runner = createSideRunner({
        pinned,
        network: () => hold.interception,
        overrides: () => [],
        timeoutMs: 30_000,
        contracts: documents.contracts,
      })
      // A pair of one version with itself: two runs, each evaluated with the pinned contract.
      const agent = packAgents['success-without-effect']!
      const baseline = await runner.side(agent, { side: 'baseline', selfPair: true })
      const candidate = await runner.side(agent, { side: 'candidate', selfPair: true })
      expect([baseline, candidate].map((side) => side.results[0]?.label)).toEqual(['FAIL', 'FAIL'])
    } finally {
      hold.release()
    }
    expect(counted()).toMatchObject({
      'scenarios/success-without-effect.scenario.yaml': 'parsed 0, hashed 1',
      'twins/payments.twin.yaml': 'parsed 0, hashed 1',
      'contracts/refund-order.contract.yaml': 'parsed 0, hashed 1',
    })
  })

  test("an agents module that loads the scenario's twin (to wrap its own tools) parses it no more", async () => {
    const plugin = await projectPlugin()
    const main = call(plugin, 'load', scenarios[0]) as { code: string }
    // The scenario module offers the twin before it imports the agents module.
    expect(main.code.split('\n')[1]).toMatch(/^import \{ defineScenarioSuite \} from /)
    watch()
    const offered = runTwinOffer(plugin, main)
    // In the main process the twin comes from the store: read, hashed and parsed once already.
    expect(counted()).toMatchObject({ 'twins/payments.twin.yaml': 'parsed 0, hashed 0' })

    const loaded = loadTwinSync(twin)
    expect(loaded).toEqual(offered)
    expect(loaded).not.toBe(offered)
    expect(Object.isFrozen(loaded)).toBe(false)
    expect(counted()).toMatchObject({ 'twins/payments.twin.yaml': 'parsed 0, hashed 1' })
  })

  test('a worker whose twin changed reads each document again, once, and runs the new twin', () => {
    const before = readFileSync(twin, 'utf8')
    try {
      writeFileSync(twin, before.replace(/^(\s*description: )/m, '$1Changed. '))
      watch()
      const documents = scenarioDocuments(
        { file: scenarios[0]!, prepared: generated[0]! },
        new DocumentStore(),
      )
      expect(documents.twin.metadata.description).toBe(`Changed. ${description}`)
      expect(counted()).toMatchObject({
        'scenarios/success-without-effect.scenario.yaml': 'parsed 1, hashed 1',
        'twins/payments.twin.yaml': 'parsed 1, hashed 1',
        'contracts/refund-order.contract.yaml': 'parsed 1, hashed 1',
      })
    } finally {
      writeFileSync(twin, before)
    }
  })
})

describe('the plugin between two runs of watch mode', () => {
  test('reads again a twin that changed and the scenario it regenerates, and nothing else', async () => {
    const plugin = await projectPlugin()
    call(plugin, 'load', scenarios[0])
    const before = readFileSync(twin, 'utf8')
    try {
      writeFileSync(twin, before.replace(/^(\s*description: )/m, '$1Changed. '))
      watch({ [twin]: before })
      // Vite's watcher tells the plugin; a change it did not see is found by the file's stamp.
      call(plugin, 'watchChange', twin, { event: 'update' })
      const again = runTwinOffer(plugin, call(plugin, 'load', scenarios[0]))
      expect(again.metadata.description).toBe(`Changed. ${description}`)
      writeFileSync(twin, before)
      const unseen = runTwinOffer(plugin, call(plugin, 'load', scenarios[1]))
      expect(unseen.metadata.description).toBe(description)
      expect(counted()).toMatchObject({
        'scenarios/success-without-effect.scenario.yaml': 'parsed 1, hashed 1',
        'scenarios/duplicate-after-timeout.scenario.yaml': 'parsed 1, hashed 1',
        'twins/payments.twin.yaml': 'parsed 2, hashed 2',
        'contracts/refund-order.contract.yaml': 'parsed 0, hashed 0',
      })
    } finally {
      writeFileSync(twin, before)
    }
  })
})

// A describeScenario file: each block's scenario is loaded as the file is collected, and
// the two blocks share the twin and the contract.
watch()
const atCollection = { counts: {} as Record<string, string> }
describeScenario(scenarios[1]!, () => {
  scenarioTest('is pinned from its own file', ({ scenario }) => {
    expect(scenario.scenario.id).toBe('duplicate-after-timeout')
  })
})
describeScenario(scenarios[0]!, () => {
  atCollection.counts = counted()
  scenarioTest('running the case reads no document again', async ({ run }) => {
    watch()
    const result = await run(packAgents['success-without-effect']!)
    expect(result.finished).toBe(true)
    expect(Object.values(counted()).every((line) => line === 'parsed 0, hashed 0')).toBe(true)
  })
})

test('a describeScenario file parses and hashes each scenario, the twin and the contract once', () => {
  expect(atCollection.counts).toMatchObject({
    'scenarios/success-without-effect.scenario.yaml': 'parsed 1, hashed 1',
    'scenarios/duplicate-after-timeout.scenario.yaml': 'parsed 1, hashed 1',
    'twins/payments.twin.yaml': 'parsed 1, hashed 1',
    'contracts/refund-order.contract.yaml': 'parsed 1, hashed 1',
  })
})

// Blocks of the same file that call useTwin with a twin file share its one read too.
const withUseTwin = { counts: {} as Record<string, string> }
describe('useTwin in two blocks of the file', () => {
  watch()
  describe('the first block', () => {
    const handle = useTwin(twin)
    test('gets the twin', () => expect(handle.name).toBe('outcome-contracts-payments'))
  })
  describe('the second block', () => {
    const handle = useTwin(twin)
    test('gets the twin', () => expect(handle.name).toBe('outcome-contracts-payments'))
  })
  withUseTwin.counts = counted()
})

test('useTwin reads a twin the file already read no second time', () => {
  expect(withUseTwin.counts['twins/payments.twin.yaml']).toBe('parsed 0, hashed 0')
})
