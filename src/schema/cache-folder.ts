/**
 * The folder where AgentTwin keeps work a later process can reuse (compiled
 * input validators, checked scenarios): `node_modules/.cache/agenttwin` above
 * the working directory, the folder tools such as Babel and ESLint use, or
 * `AGENTTWIN_CACHE_DIR`. Every file in it is named by a hash of everything
 * that decides its content, so a stale file is never read; writes go to a
 * temporary name and are renamed, so a reader sees a whole file or none.
 * Without a `node_modules` folder, or when writing fails, nothing is kept and
 * every process does the work itself. The folder stays bounded: files not
 * written for a month go, and the oldest beyond 20,000 (`cache-prune.ts`).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { writeTextPieces } from '../core/write-pieces.ts'
import { pruneOnce } from './cache-prune.ts'

/** Where the cache goes instead of `node_modules/.cache/agenttwin`; empty turns it off. */
export const CACHE_DIR_ENV = 'AGENTTWIN_CACHE_DIR'

/** What the cache keeps, one sub-folder each. */
export type CacheKind = 'validators' | 'scenarios' | 'twins'

/**
 * The folder of one kind of cached work, or `undefined` when there is none:
 * under `AGENTTWIN_CACHE_DIR` when set (empty: off), else under
 * `.cache/agenttwin` in the nearest `node_modules` above the working directory.
 */
export function cacheFolder(kind: CacheKind): string | undefined {
  const fromEnv = process.env[CACHE_DIR_ENV]
  if (fromEnv !== undefined) return fromEnv === '' ? undefined : resolve(fromEnv, kind)
  const modules = nodeModulesAbove(process.cwd())
  return modules === undefined ? undefined : join(modules, '.cache', 'agenttwin', kind)
}

/** The `node_modules` found above a working directory, kept: a file of a thousand scenarios asks for each. */
let found: { cwd: string; modules: string } | undefined

function nodeModulesAbove(cwd: string): string | undefined {
  if (found?.cwd === cwd) return found.modules
  for (let dir = cwd; ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules')
    if (existsSync(modules)) {
      found = { cwd, modules }
      return modules
    }
    // Not kept: a project without node_modules may install one while it runs.
    if (dirname(dir) === dir) return undefined
  }
}

/**
 * Writes `text` to `file` in the cache: to a temporary name first, renamed
 * once whole, so a process reading at the same time sees the file or none.
 * A read-only or full disk keeps nothing, silently: the work is done again.
 */
export function keepInCache(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true })
    // A process that keeps something also clears what no run reads any more (see cache-prune.ts).
    pruneOnce(dirname(file))
    writeTextPieces(file, [text])
  } catch {
    // Nothing is kept, and nothing half-written is left: the next process does the work again.
  }
}

/**
 * What `decode` makes of the text of `file` in the cache, or `undefined` when
 * the file is not there. A file `decode` refuses (it throws or gives
 * `undefined`: cut short, or edited by hand) is removed, so the caller does
 * the work again and keeps it anew.
 */
export function readFromCache<T>(
  file: string,
  decode: (text: string) => T | undefined,
): T | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  try {
    const value = decode(text)
    if (value !== undefined) return value
  } catch {
    // Removed below.
  }
  rmSync(file, { force: true })
  return undefined
}
