import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CountingServer, countingServer } from '../http/guard/support.ts'
import { testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// Three test files in one worker that runs them one after another
// (`isolate: false`, one worker): the run-wide guard hands the network from
// each file to the next, so every file runs on the same interception (the
// patched fetch stays the same function), and every file is still guarded.
const repo = fileURLToPath(new URL('../..', import.meta.url))
let server: CountingServer
const runs: Partial<Record<'shared' | 'isolated', VitestRun>> = {}
let arrivals: string[] = []

const fileTest = (name: string) => `
import { expect, test } from 'vitest'

const seen = (globalThis.__guardedFetches ??= [])
seen.push(globalThis.fetch)

test('${name}: the leak is refused', async () => {
  await fetch(process.env.LEAK_TARGET + '/${name}')
})
test('${name}: the network of the file before, if any', () => {
  expect(seen.length).toBeGreaterThan(0)
  expect(new Set(seen).size).toBe(process.env.SHARED === '1' ? 1 : seen.length)
})
`

beforeAll(async () => {
  server = await countingServer()
  const root = freshTmpDir('shared-worker-guard')
  writeFileSync(
    `${root}/vitest.config.mjs`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repo}dist/public/vitest.js'`,
      'export default defineConfig({',
      '  plugins: [agentTwin()],',
      "  test: { include: ['*.test.mjs'] },",
      '})',
      '',
    ].join('\n'),
  )
  for (const name of ['first', 'second', 'third']) {
    writeFileSync(`${root}/${name}.test.mjs`, fileTest(name))
  }
  runs.shared = await runVitest({ root, isolate: false, maxWorkers: 1, pool: 'forks' }, [], {
    env: { LEAK_TARGET: server.url, SHARED: '1' },
  })
  runs.isolated = await runVitest({ root, isolate: true, maxWorkers: 1, pool: 'forks' }, [], {
    env: { LEAK_TARGET: server.url, SHARED: '0' },
  })
  arrivals = server.arrivals
}, 240_000)

afterAll(async () => {
  await server?.close()
})

describe.each(['shared', 'isolated'] as const)('files in %s workers', (kind) => {
  test('each file refuses its leak and sees the expected interception', () => {
    const lines = testList(runs[kind]!.modules, fileURLToPath(new URL('.', import.meta.url)))
    const results = lines.map((line) => line.split(' | ').slice(1).join(' | ')).sort()
    expect(results).toEqual(
      ['first', 'second', 'third']
        .flatMap((name) => [
          `${name}: the leak is refused | failed`,
          `${name}: the network of the file before, if any | passed`,
        ])
        .sort(),
    )
  })
})

test('nothing reached the server', () => {
  expect(arrivals).toEqual([])
})
