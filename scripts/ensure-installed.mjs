#!/usr/bin/env node
// Lets the README's two commands work on a fresh clone: installs the locked
// dependencies once, when node_modules is missing or does not hold what the
// lock file asks for.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const lock = `${root}package-lock.json`
const installed = `${root}node_modules/.package-lock.json`

/**
 * Whether the installed tree (npm's hidden lock file) lacks a package of the
 * lock, or has another version of it. By content, not by date: a fresh
 * checkout or a second work tree sharing node_modules has a newer lock file
 * whose packages are all installed.
 */
function lockDiffers() {
  const wanted = JSON.parse(readFileSync(lock, 'utf8')).packages ?? {}
  const have = JSON.parse(readFileSync(installed, 'utf8')).packages ?? {}
  return Object.entries(wanted).some(
    ([path, entry]) => path !== '' && !entry.optional && have[path]?.version !== entry.version,
  )
}

if (!existsSync(installed) || lockDiffers()) {
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

// The bin and the package entries run the compiled dist/: build it when a
// source file is newer than the last build.
function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}
const stamp = `${root}dist/.tsbuildinfo`
if (!existsSync(stamp) || statSync(stamp).mtimeMs < newest(`${root}src`)) {
  console.log('Building dist/ (npm run build) ...')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
