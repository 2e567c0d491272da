#!/usr/bin/env node
// Start-up time of the compiled CLI next to Vitest's, side by side: the median
// of several runs of each, and the ratio. Run `npm run build` first.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const runs = Number(process.env.RUNS ?? 7)
const commands = {
  'agenttwin --version': [`${root}bin/agenttwin.js`, '--version'],
  'agenttwin --help': [`${root}bin/agenttwin.js`, '--help'],
  'vitest --version': [`${root}node_modules/vitest/vitest.mjs`, '--version'],
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]))
for (let run = 0; run < runs; run++) {
  // Interleaved, so a busy moment on the machine hits every command alike.
  for (const [name, args] of Object.entries(commands)) {
    const start = process.hrtime.bigint()
    spawnSync(process.execPath, args, { stdio: 'ignore' })
    times[name].push(Number(process.hrtime.bigint() - start) / 1e6)
  }
}
const vitest = median(times['vitest --version'])
for (const [name, values] of Object.entries(times)) {
  const ms = median(values)
  console.log(`${name.padEnd(20)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / vitest).toFixed(2)}x`)
}
