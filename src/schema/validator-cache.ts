/**
 * Compiled input validators kept on disk as standalone code. Compiling a
 * tool's input schema costs ajv milliseconds (and loading ajv, tens more),
 * and every isolated test file is a fresh process that would compile the
 * same schemas again. The process that first compiles a schema (the main
 * process checking a twin, or the first worker) writes its code here; every
 * later process, in this run or the next, evaluates that code instead.
 *
 * A file is named by a hash of everything that decides its code: ajv's
 * version, the compile settings and the schema's text, so an edited schema or
 * an upgraded ajv is a new file and a stale one is never read. The folder is
 * `node_modules/.cache/agenttwin` above the working directory (the folder
 * tools such as Babel and ESLint use), or `AGENTTWIN_CACHE_DIR`; it holds
 * code, so it is trusted as `node_modules` is. Without a `node_modules`
 * folder, or when writing fails, nothing is cached and every process
 * compiles, as it would without the cache.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { threadId } from 'node:worker_threads'
import type { ValidateFunction } from 'ajv'

/** Where the cache goes instead of `node_modules/.cache/agenttwin`; empty turns it off. */
export const CACHE_DIR_ENV = 'AGENTTWIN_CACHE_DIR'

/** The standalone code resolves ajv's runtime helpers from this package, wherever the cache is. */
const ownRequire = createRequire(import.meta.url)

/**
 * The folder of the cache, or `undefined` when there is none: `AGENTTWIN_CACHE_DIR`
 * when set (empty: off), else `.cache/agenttwin` in the nearest `node_modules`
 * above the working directory.
 */
export function validatorCacheDir(): string | undefined {
  const fromEnv = process.env[CACHE_DIR_ENV]
  if (fromEnv !== undefined) return fromEnv === '' ? undefined : resolve(fromEnv, 'validators')
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) {
      return join(dir, 'node_modules', '.cache', 'agenttwin', 'validators')
    }
    if (dirname(dir) === dir) return undefined
  }
}

/** The file a validator of `schema`, compiled with `settings`, is kept in. */
function cacheFile(dir: string, settings: object, schemaText: string): string {
  const ajvVersion = (ownRequire('ajv/package.json') as { version: string }).version
  const hash = createHash('sha256')
    .update(JSON.stringify([ajvVersion, settings]))
    .update('\0')
    .update(schemaText)
    .digest('hex')
  return join(dir, `${hash.slice(0, 40)}.cjs`)
}

/**
 * The validator kept for `schemaText` compiled with `settings`, or `undefined`
 * when there is none (or its file does not evaluate to one, and is removed).
 * @example
 * cachedValidator({ allErrors: true }, JSON.stringify(schema))?.(args)
 */
export function cachedValidator(
  settings: object,
  schemaText: string,
): ValidateFunction | undefined {
  const dir = validatorCacheDir()
  if (!dir) return undefined
  const file = cacheFile(dir, settings, schemaText)
  let source: string
  try {
    source = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  try {
    const module = { exports: {} as unknown }
    new Function('module', 'exports', 'require', source)(module, module.exports, ownRequire)
    if (typeof module.exports === 'function') return module.exports as ValidateFunction
  } catch {
    // A file cut short or edited by hand: compiled again below, and written anew.
  }
  rmSync(file, { force: true })
  return undefined
}

/**
 * Keeps `source` (ajv's standalone module of the validator) for `schemaText`
 * compiled with `settings`. Written to a temporary name and renamed, so a
 * process reading at the same time sees the whole file or none.
 */
export function keepValidator(settings: object, schemaText: string, source: string): void {
  const dir = validatorCacheDir()
  if (!dir) return
  const file = cacheFile(dir, settings, schemaText)
  // Per process and thread: Vitest's `threads` pool runs several workers in one process.
  const partial = `${file}.${process.pid}-${threadId}.tmp`
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(partial, source)
    renameSync(partial, file)
  } catch {
    // A read-only or full disk: this process compiled it, and the next one will too.
    rmSync(partial, { force: true })
  }
}
