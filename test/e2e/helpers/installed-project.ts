import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// What a user gets: the packed tarball installed into a fresh project with
// its own package.json, outside the repository, so nothing resolves to our sources.
const repo = fileURLToPath(new URL('../../..', import.meta.url))
const manifest = JSON.parse(readFileSync(`${repo}package.json`, 'utf8'))

/**
 * `scripts/ensure-installed.mjs` (build dist/ when a source is newer), one
 * process at a time: two files that start together must not both build.
 * A lock left by a killed run is taken over after ten minutes.
 */
function buildOnce(): void {
  const lock = join(repo, 'node_modules/.agenttwin-build.lock')
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (waited >= 600_000) break
      Atomics.wait(pause, 0, 0, 500)
    }
  }
  try {
    execFileSync('node', ['scripts/ensure-installed.mjs'], { cwd: repo, stdio: 'ignore' })
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** A dependency at the version the repository tests with (its devDependency pin). */
export const pinned = (name: string): string => `${name}@${manifest.devDependencies[name]}`

export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
}

export interface InstalledProject {
  dir: string
  run(command: string, args: string[]): RunResult
}

/** Packs the repository, then installs the tarball and `packages` (with npm `flags`) into a fresh project. */
export function installPackedProject(
  prefix: string,
  packages: string[],
  flags: string[] = [],
): InstalledProject {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const run = (command: string, args: string[]): RunResult => {
    const result = spawnSync(command, args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', CI: 'true' },
      timeout: 300_000,
    })
    return { code: result.status, stdout: result.stdout, stderr: result.stderr }
  }
  // Build dist/ only when a source is newer (as `npm test` does), then pack
  // without lifecycle scripts: packing would otherwise rebuild dist/ under
  // the other end-to-end files that run beside this one and read it.
  buildOnce()
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  )
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'user-project', private: true, type: 'module' }, null, 2)}\n`,
  )
  const install = run('npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    ...flags,
    join(dir, packed[0].filename),
    ...packages,
  ])
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.stderr}`)
  return { dir, run }
}

/**
 * A strict NodeNext `tsconfig.json`, as a user of the package writes one.
 * `skipLibCheck: false` also type-checks the shipped declarations.
 */
export function writeUserTsconfig(
  dir: string,
  options: { include: string[]; skipLibCheck: boolean },
): void {
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    skipLibCheck: options.skipLibCheck,
    types: ['node'],
  }
  const config = { compilerOptions, include: options.include }
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`)
}
