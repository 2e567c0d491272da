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
  for (const line of stack.split('\n').slice(1)) {
    const site = frameLocation(line)
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
