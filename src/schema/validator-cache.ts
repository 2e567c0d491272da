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
 * `validators` in the cache folder (see `cache-folder.ts`); it holds code, so
 * it is trusted as `node_modules` is.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { ValidateFunction } from 'ajv'
import { cacheFolder, keepInCache, readFromCache } from './cache-folder.ts'

/** The standalone code resolves ajv's runtime helpers from this package, wherever the cache is. */
const ownRequire = createRequire(import.meta.url)

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
  const dir = cacheFolder('validators')
  if (!dir) return undefined
  return readFromCache(cacheFile(dir, settings, schemaText), (source) => {
    const module = { exports: {} as unknown }
    new Function('module', 'exports', 'require', source)(module, module.exports, ownRequire)
    return typeof module.exports === 'function' ? (module.exports as ValidateFunction) : undefined
  })
}

/**
 * Keeps `source` (ajv's standalone module of the validator) for `schemaText`
 * compiled with `settings`. Written to a temporary name and renamed, so a
 * process reading at the same time sees the whole file or none.
 */
export function keepValidator(settings: object, schemaText: string, source: string): void {
  const dir = cacheFolder('validators')
  if (!dir) return
  keepInCache(cacheFile(dir, settings, schemaText), source)
}
