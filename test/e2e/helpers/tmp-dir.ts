import { mkdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** A fresh scratch directory `test/e2e/.tmp/<name>/` (ignored by git), emptied first. */
export function freshTmpDir(name: string): string {
  const dir = fileURLToPath(new URL(`../.tmp/${name}/`, import.meta.url)).replace(/\/$/, '')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return dir
}
