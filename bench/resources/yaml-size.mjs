#!/usr/bin/env node
// `agenttwin validate` on a big twin document, in a child process whose wall
// time and peak RSS /usr/bin/time reports:
//   node bench/resources/yaml-size.mjs keys 40000   a state mapping of 40,000 keys
//   node bench/resources/yaml-size.mjs string 40    one 40 MB double-quoted string
// LIMIT_MB raises the document size limit for the run (AGENTTWIN_MAX_DOCUMENT_BYTES);
// TIMEOUT_S stops a run that takes longer (default 120). Run `npm run build`
// first; DIST=<dir> measures another build (its bin/ beside it).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const [mode = 'keys', amount = mode === 'keys' ? '40000' : '40'] = process.argv.slice(2)
const root = fileURLToPath(new URL('../../', import.meta.url))
const bin = process.env.DIST
  ? join(dirname(process.env.DIST), 'bin/agenttwin.js')
  : join(root, 'bin/agenttwin.js')

const head = [
  'apiVersion: agenttwin/twin.v1',
  'metadata: { name: big, version: 1.0.0 }',
  'http: { baseUrl: "https://big.agenttwin.invalid" }',
  'tools:',
  '  - name: read_all',
  '    description: Reads the state.',
  '    risk: READ',
  '    input: { type: object }',
  '    http: { method: GET, path: /all }',
  '    handler: { kind: read, target: items }',
  'state:',
]
const lines = [...head]
if (mode === 'keys') {
  lines.push('  items:')
  for (let i = 0; i < Number(amount); i++) lines.push(`    key_${i}: ${i}`)
} else {
  lines.push(`  items: "${'a'.repeat(Number(amount) * 1024 * 1024)}"`)
}
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-yaml-size-'))
const file = join(dir, 'big.twin.yaml')
writeFileSync(file, `${lines.join('\n')}\n`)

const env = process.env.LIMIT_MB
  ? { ...process.env, AGENTTWIN_MAX_DOCUMENT_BYTES: `${process.env.LIMIT_MB}MiB` }
  : process.env
const run = spawnSync('/usr/bin/time', ['-v', process.execPath, bin, 'validate', file], {
  env,
  encoding: 'utf8',
  timeout: Number(process.env.TIMEOUT_S ?? 120) * 1000,
  maxBuffer: 64 << 20,
})
rmSync(dir, { recursive: true, force: true })
const stat = (name) => new RegExp(`${name}: (.+)`).exec(run.stderr ?? '')?.[1]?.trim()
console.log(
  JSON.stringify({
    mode,
    amount: Number(amount),
    exit: run.status,
    timedOut: run.error?.code === 'ETIMEDOUT',
    wall: stat('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)'),
    cpuS:
      Number(stat('User time \\(seconds\\)') ?? 0) + Number(stat('System time \\(seconds\\)') ?? 0),
    maxRssMb: Math.round(Number(stat('Maximum resident set size \\(kbytes\\)') ?? 0) / 1024),
    output: `${run.stdout ?? ''}${run.stderr ?? ''}`
      .split('\n')
      .filter((line) => line && !line.startsWith('\t') && !line.startsWith('Command'))
      .slice(0, 3)
      .join(' | ')
      .slice(0, 400),
  }),
)
