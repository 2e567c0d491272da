#!/usr/bin/env node
// Lets the README's two commands work on a fresh clone: installs the locked
// dependencies once, when node_modules is missing or older than the lock file.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const lock = `${root}package-lock.json`
const installed = `${root}node_modules/.package-lock.json`

const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs
if (stale) {
  console.log('Installing dependencies (npm ci) ...')
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) {
    console.error('npm ci failed; see the messages above.')
    process.exit(result.status ?? 1)
  }
}
