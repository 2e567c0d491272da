import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// What a user gets: the packed tarball installed into a fresh project with
// its own package.json, outside the repository, so nothing resolves to our sources.
const repo = fileURLToPath(new URL('../../..', import.meta.url))
const manifest = JSON.parse(readFileSync(`${repo}package.json`, 'utf8'))

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
  execFileSync('node', ['scripts/ensure-installed.mjs'], { cwd: repo, stdio: 'ignore' })
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
