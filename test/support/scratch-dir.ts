import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/**
 * A fresh directory under the system's temp directory, removed with all it
 * holds when the test file that made it ends, so repeated runs leave nothing
 * behind. Call it at collection (the file's top level or a `describe`), not
 * inside a test: a test that needs its own directory makes one under this.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
