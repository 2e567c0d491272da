import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { AgentTwinReporter } from '../../src/public/reporter.ts'
import { reportWithoutLatency } from './helpers/report.ts'
import { moduleStates, testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// Demo Co's three pairs over three scenarios, run under each pool, then in
// two shards merged back together. Every run must reach the same report.
const root = fileURLToPath(new URL('./fixtures/demo-pairs', import.meta.url))
const tmp = freshTmpDir('pools-and-shards')

function reporter(name: string) {
  return new AgentTwinReporter({ outputFile: `${tmp}/${name}.json` })
}

let forks: VitestRun

beforeAll(async () => {
  forks = await runVitest({ root, pool: 'forks', maxWorkers: 2, reporters: [reporter('forks')] })
})

describe('pools', () => {
  test('under forks every pair test passes (the regression is declared), a changed case named with its class', () => {
    expect(testList(forks.modules, root)).toMatchInlineSnapshot(`
      [
        "scenarios/refund-happy-path.scenario.yaml:2:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 vs v1.2.4 · REGRESSED | passed",
        "scenarios/refund-happy-path.scenario.yaml:2:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.1 vs v1.3.0 · IMPROVED | passed",
        "scenarios/refund-happy-path.scenario.yaml:2:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.1 vs v1.2.4 | passed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE | passed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.1 vs v1.3.0 · IMPROVED | passed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:2:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.1 vs v1.2.4 | passed",
        "scenarios/refund-tool-success-lie.scenario.yaml:2:5 | refund-tool-success-lie: The payment provider answers "succeeded" and records nothing > v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE | passed",
        "scenarios/refund-tool-success-lie.scenario.yaml:2:5 | refund-tool-success-lie: The payment provider answers "succeeded" and records nothing > v1.3.1 vs v1.3.0 · IMPROVED | passed",
        "scenarios/refund-tool-success-lie.scenario.yaml:2:5 | refund-tool-success-lie: The payment provider answers "succeeded" and records nothing > v1.3.1 vs v1.2.4 | passed",
      ]
    `)
    expect(forks.exitCode).toBe(0)
  })

  test('the report the other runs must equal is the full comparison', () => {
    const report = reportWithoutLatency(`${tmp}/forks.json`) as {
      pairs: { candidate: { version: string }; counts: Record<string, number>; cases: unknown[] }[]
    }
    expect(report.pairs.map((pair) => [pair.candidate.version, pair.counts])).toEqual([
      [
        '1.3.0',
        { NEW_CRITICAL_FAILURE: 2, REGRESSED: 1, INCOMPLETE: 0, IMPROVED: 0, UNCHANGED: 0 },
      ],
      [
        '1.3.1',
        { NEW_CRITICAL_FAILURE: 0, REGRESSED: 0, INCOMPLETE: 0, IMPROVED: 3, UNCHANGED: 0 },
      ],
      [
        '1.3.1',
        { NEW_CRITICAL_FAILURE: 0, REGRESSED: 0, INCOMPLETE: 0, IMPROVED: 0, UNCHANGED: 3 },
      ],
    ])
  })

  test('threads give identical results and an identical report', async () => {
    const threads = await runVitest({
      root,
      pool: 'threads',
      maxWorkers: 2,
      reporters: [reporter('threads')],
    })
    expect(testList(threads.modules, root)).toEqual(testList(forks.modules, root))
    expect(threads.exitCode).toBe(0)
    expect(reportWithoutLatency(`${tmp}/threads.json`)).toEqual(
      reportWithoutLatency(`${tmp}/forks.json`),
    )
  })

  test('files sharing one worker without isolation leak nothing into each other', async () => {
    const shared = await runVitest({
      root,
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      reporters: [reporter('shared')],
    })
    expect(testList(shared.modules, root)).toEqual(testList(forks.modules, root))
    expect(shared.exitCode).toBe(0)
    expect(reportWithoutLatency(`${tmp}/shared.json`)).toEqual(
      reportWithoutLatency(`${tmp}/forks.json`),
    )
  })
})

describe('sharding', () => {
  test('two shards merged with --merge-reports give the unsharded report', async () => {
    const blobs = `${tmp}/blobs`
    const shards: string[][] = []
    for (const index of [1, 2]) {
      const shard = await runVitest({
        root,
        shard: `${index}/2`,
        reporters: [['blob', { outputFile: `${blobs}/blob-${index}-2.json` }]],
      })
      expect(shard.exitCode).toBe(0)
      shards.push(moduleStates(shard.modules, root))
    }
    // Each scenario file ran in exactly one shard.
    expect([...shards[0]!, ...shards[1]!].sort()).toEqual(moduleStates(forks.modules, root))
    expect(shards[0]).not.toEqual([])
    expect(shards[1]).not.toEqual([])
    expect(readdirSync(blobs).sort()).toEqual(['blob-1-2.json', 'blob-2-2.json'])

    const merged = await runVitest({ root, mergeReports: blobs, reporters: [reporter('merged')] })
    expect(merged.exitCode).toBe(0)
    expect(testList(merged.modules, root)).toEqual(testList(forks.modules, root))
    expect(reportWithoutLatency(`${tmp}/merged.json`)).toEqual(
      reportWithoutLatency(`${tmp}/forks.json`),
    )
  })
})
