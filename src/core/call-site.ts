import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { isAbsolute } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ownCodeDir } from './own-files.ts'

/** A place in the user's code, as editors and CI annotations read it. */
export interface CallSite {
  /** Absolute path. */
  file: string
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
}

// Frames that are never the user's: this package, Node itself, the test runner and its bundler.
const FOREIGN = [/^node:/, /[\\/]node_modules[\\/](@vitest|vitest|vite|tinypool|tinyspy)[\\/]/]

function frameLocation(line: string): CallSite | undefined {
  const match = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?\s*$/.exec(line.trim())
  if (!match) return undefined
  const raw = match[1]!
  const file = raw.startsWith('file://') ? fileURLToPath(raw) : raw
  return { file, line: Number(match[2]), column: Number(match[3]) }
}

/**
 * Vite loads a config file (`vitest.config.ts`) by bundling it to
 * `<name>.timestamp-<ms>-<hex>.mjs`, in `node_modules/.vite-temp` or beside
 * it, with an inline source map, importing that and deleting it: a frame in
 * it is a place in the config file the user wrote.
 */
const BUNDLED_CONFIG = /\.timestamp-\d+-[0-9a-f]+\.mjs$/
const INLINE_MAP =
  /\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)\s*$/

/** The inline source map of a bundled config, or `undefined` when it has none that reads. */
function inlineMap(file: string): SourceMap | undefined {
  try {
    const payload = INLINE_MAP.exec(readFileSync(file, 'utf8'))?.[1]
    if (!payload) return undefined
    return new SourceMap(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')))
  } catch {
    return undefined
  }
}

/** The place in the file the user wrote that a frame in Vite's bundled config stands for. */
function writtenSite(site: CallSite, map: SourceMap | undefined): CallSite | undefined {
  const entry = map?.findEntry(site.line - 1, site.column - 1) as
    | { originalSource?: string; originalLine?: number; originalColumn?: number }
    | undefined
  if (!entry?.originalSource || entry.originalLine === undefined) return undefined
  const source = entry.originalSource
  return {
    file: source.startsWith('file://') ? fileURLToPath(source) : source,
    line: entry.originalLine + 1,
    column: (entry.originalColumn ?? 0) + 1,
  }
}

/**
 * Where the user's code called into AgentTwin: the first frame of the current
 * stack outside this package, Node and Vitest. Taken while the user's call is
 * still on the stack (before any `await`), so an error found later can still
 * name the line that asked for it.
 * @example
 * const site = callSite() // { file: '/repo/test/refund.test.ts', line: 12, column: 5 }
 */
export function callSite(): CallSite | undefined {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 64
  const stack = new Error().stack ?? ''
  Error.stackTraceLimit = limit
  const own = ownCodeDir()
  // Each bundled config's map is read once, however many of its frames the stack holds.
  const maps = new Map<string, SourceMap | undefined>()
  const mapOf = (file: string) => {
    if (!maps.has(file)) maps.set(file, inlineMap(file))
    return maps.get(file)
  }
  for (const line of stack.split('\n').slice(1)) {
    const frame = frameLocation(line)
    // A frame in a bundled config is its place in the config; unmapped, it names a file that is gone.
    const site =
      frame && BUNDLED_CONFIG.test(frame.file) ? writtenSite(frame, mapOf(frame.file)) : frame
    if (!site || !isAbsolute(site.file) || site.file.startsWith(own)) continue
    if (FOREIGN.some((pattern) => pattern.test(site.file))) continue
    return site
  }
  return undefined
}

/** `file:line:col`, the shape editors and CI annotate. */
export function formatCallSite(site: CallSite): string {
  return `${site.file}:${site.line}:${site.column}`
}
