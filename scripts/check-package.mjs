#!/usr/bin/env node
// Packs the package as npm publishes it and lints the tarball: publint
// (exports, files, fields) and Are the Types Wrong (types per resolution mode).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'agenttwin-pack-'))
const run = (command, args) =>
  spawnSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
try {
  const pack = run('npm', ['pack', '--json', '--pack-destination', out])
  if (pack.status !== 0) process.exit(pack.status ?? 1)
  const tarball = join(out, JSON.parse(pack.stdout)[0].filename)
  let status = 0
  for (const [command, args] of [
    ['npx', ['publint', tarball, '--strict']],
    ['npx', ['attw', tarball, '--profile', 'esm-only']],
  ]) {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) status = 1
  }
  process.exitCode = status
} finally {
  rmSync(out, { recursive: true, force: true })
}
