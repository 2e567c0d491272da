#!/usr/bin/env node
/**
 * AgentTwin suites against the hand-written msw equivalent, as whole Vitest
 * processes: generates both suites for each N into a temporary directory,
 * runs them alternately, and prints the medians of wall time, CPU time (user
 * + system, every process of the run) and peak RSS (the largest process) with
 * their ratios in one table.
 *
 *   npm run bench:suite                          # cases 10,100,1000; describeScenario and useTwin blocks 100,300,1000; files, conversations, adapters and pairs 10,100; 1 round
 *   npm run bench:suite -- --cases 10,100 --files 10 --pairs '' --rounds 3
 *   npm run bench:suite -- --cases '' --files '' --pairs 1000 --isolate false --shard 2
 *
 * `--isolate false` sets Vitest's `isolate: false` in both suites (test files
 * share a worker's modules); `--shard K` runs each suite as K `vitest run
 * --shard=i/K` processes at once (wall time is the slowest, CPU the sum).
 * Before the timed rounds each suite runs `--warmup N` times untimed (default
 * 1), as a suite runs the second time on a machine: what a first run writes
 * (Vite's and AgentTwin's caches under node_modules/.cache) is there.
 * `--warmup 0` times the first run of a fresh project.
 *
 * Needs GNU time at /usr/bin/time (Debian: apt-get install time) for CPU and RSS.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  agentTwinAdapterFiles,
  agentTwinBlocks,
  agentTwinCases,
  agentTwinConversations,
  agentTwinFiles,
  agentTwinPairFiles,
  agentTwinUseTwinBlocks,
  handWrittenAdapterFiles,
  handWrittenBlocks,
  handWrittenCases,
  handWrittenConversations,
  handWrittenFiles,
  handWrittenPairFiles,
} from './suite-vs-msw/generate.mjs'

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '10,100,1000' },
    blocks: { type: 'string', default: '100,300,1000' },
    'twin-blocks': { type: 'string', default: '100,300,1000' },
    files: { type: 'string', default: '10,100' },
    pairs: { type: 'string', default: '10,100' },
    conversations: { type: 'string', default: '10,100' },
    adapters: { type: 'string', default: '10,100' },
    rounds: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    isolate: { type: 'string', default: 'true' },
    shard: { type: 'string', default: '1' },
  },
})
const list = (text) =>
  text
    ? text
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : []
const rounds = Math.max(1, Number(values.rounds))
const warmups = Math.max(0, Number(values.warmup))
const shards = Math.max(1, Number(values.shard))
const settings = { isolate: values.isolate !== 'false' }
const TIME = '/usr/bin/time'
if (!existsSync(TIME)) {
  console.error(`${TIME} (GNU time) is needed for CPU and peak RSS; install the "time" package.`)
  process.exit(2)
}
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'agenttwin-suite-bench-'))

const shapes = [
  ...list(values.cases).map((n) => ({
    label: `one file, ${n} cases`,
    n,
    agentTwin: agentTwinCases,
    hand: handWrittenCases,
  })),
  ...list(values.blocks).map((n) => ({
    label: `one file, ${n} describeScenario blocks`,
    n,
    agentTwin: agentTwinBlocks,
    hand: handWrittenBlocks,
  })),
  ...list(values['twin-blocks']).map((n) => ({
    label: `one file, ${n} useTwin blocks`,
    n,
    agentTwin: agentTwinUseTwinBlocks,
    hand: handWrittenBlocks,
  })),
  ...list(values.files).map((n) => ({
    label: `${n} scenario files`,
    n,
    agentTwin: agentTwinFiles,
    hand: handWrittenFiles,
  })),
  ...list(values.conversations).map((n) => ({
    label: `${n} three-turn conversation files`,
    n,
    agentTwin: agentTwinConversations,
    hand: handWrittenConversations,
  })),
  ...list(values.adapters).map((n) => ({
    label: `${n} scenario files, an AI SDK agent`,
    n,
    agentTwin: agentTwinAdapterFiles,
    hand: handWrittenAdapterFiles,
  })),
  ...list(values.pairs).map((n) => ({
    label: `${n} scenario files, one pair`,
    n,
    agentTwin: agentTwinPairFiles,
    hand: handWrittenPairFiles,
  })),
]

/** One `vitest run` (one shard of it): CPU seconds and peak RSS in MB, from GNU time. */
function vitestRun(dir, shard) {
  const stats = join(dir, `.time-${shard}`)
  const args = ['-o', stats, '-f', '%U %S %M', process.execPath, vitest, 'run', '--root', dir]
  if (shards > 1) args.push(`--shard=${shard}/${shards}`)
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, args, { cwd: dir, env: { ...process.env, NO_COLOR: '1', CI: '1' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-3000)))
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-3000)))
    child.on('error', reject)
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`vitest failed in ${dir}:\n${output}`))
      const [user, system, rssKb] = readFileSync(stats, 'utf8').trim().split('\n').at(-1).split(' ')
      resolve({ cpu: Number(user) + Number(system), rss: Number(rssKb) / 1024 })
    })
  })
}

/** The whole suite (every shard at once): wall seconds, CPU seconds and the largest process's RSS in MB. */
async function measure(dir) {
  const started = process.hrtime.bigint()
  const runs = await Promise.all(Array.from({ length: shards }, (_, i) => vitestRun(dir, i + 1)))
  const wall = Number(process.hrtime.bigint() - started) / 1e9
  return {
    wall,
    cpu: runs.reduce((sum, run) => sum + run.cpu, 0),
    rss: Math.max(...runs.map((run) => run.rss)),
  }
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const rows = []
try {
  for (const shape of shapes) {
    const dirs = {
      agentTwin: join(root, `${shape.label.replace(/\W+/g, '-')}-agenttwin`),
      hand: join(root, `${shape.label.replace(/\W+/g, '-')}-msw`),
    }
    shape.agentTwin(dirs.agentTwin, shape.n, settings)
    shape.hand(dirs.hand, shape.n, settings)
    const results = { agentTwin: [], hand: [] }
    // Untimed runs first, as a user's second run of a suite: both sides' caches written.
    for (let run = 0; run < warmups; run++) {
      for (const side of ['agentTwin', 'hand']) await measure(dirs[side])
    }
    // Alternating, so a neighbour's load falls on both suites alike.
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? ['hand', 'agentTwin'] : ['agentTwin', 'hand']
      for (const side of order) results[side].push(await measure(dirs[side]))
    }
    const pick = (side, key) => median(results[side].map((r) => r[key]))
    const row = { label: shape.label }
    for (const key of ['wall', 'cpu', 'rss']) row[key] = [pick('agentTwin', key), pick('hand', key)]
    rows.push(row)
    // Each row as soon as it is measured: the large sizes take a while.
    process.stderr.write(`${formatRow(row)}\n`)
  }
} finally {
  if (!values.keep) rmSync(root, { recursive: true, force: true })
  else console.error(`suites kept in ${root}`)
}

const cpus = execFileSync('nproc', { encoding: 'utf8' }).trim()
console.log(
  `\nAgentTwin / hand-written msw, medians of ${rounds} round(s), isolate: ${settings.isolate}, ${shards} shard process(es), Node ${process.version}, ${cpus} CPUs\n`,
)
console.log('| suite | wall (AgentTwin vs msw) | CPU | peak RSS |')
console.log('| --- | --- | --- | --- |')
for (const row of rows) console.log(formatRow(row))

function formatRow({ label, wall, cpu, rss }) {
  const ratio = ([a, b]) => (a / b).toFixed(2)
  return `| ${label} | ${ratio(wall)}× (${wall[0].toFixed(1)} s vs ${wall[1].toFixed(1)} s) | ${ratio(cpu)}× (${cpu[0].toFixed(1)} s vs ${cpu[1].toFixed(1)} s) | ${ratio(rss)}× (${rss[0].toFixed(0)} vs ${rss[1].toFixed(0)} MB) |`
}
