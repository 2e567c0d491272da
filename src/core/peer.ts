import { AgentTwinError } from './errors.ts'

/**
 * Something that needs an optional peer (an adapter entry, serving a twin
 * over MCP) was used and the peer is not installed, or is too old.
 */
export class MissingPeerError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MISSING_PEER'
  readonly entry: string
  readonly packages: readonly string[]

  /**
   * `tooOld`: the package is installed but lacks what the entry uses; the
   * range it needs, and what is missing from the installed one.
   */
  constructor(
    entry: string,
    packages: readonly string[],
    missing: string,
    tooOld?: { range: string; lacks: string },
  ) {
    super(
      tooOld
        ? {
            problem: `${entry} needs the package "${missing}" ${tooOld.range}; the installed one is older (it has no ${tooOld.lacks}).`,
            fix: `upgrade it beside agenttwin with npm i -D ${missing}@"${tooOld.range}"`,
          }
        : {
            problem: `${entry} needs the package "${missing}", which is not installed in this project.`,
            fix: `install it beside agenttwin with npm i -D ${packages.join(' ')}`,
          },
    )
    this.entry = entry
    this.packages = packages
  }
}

/**
 * Loads an optional peer for an entry (an adapter, MCP). A missing package (the
 * framework itself, not something it imports) becomes a `MissingPeerError`
 * naming what to install; any other failure is the framework's own and
 * is thrown as it is.
 * @example
 * const ai = await loadPeer('agenttwin/adapters/ai-sdk', ['ai'], 'ai', () => import('ai'))
 */
export async function loadPeer<T>(
  entry: string,
  packages: readonly string[],
  name: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (isMissing(error, name)) throw new MissingPeerError(entry, packages, name)
    throw error
  }
}

function isMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof message !== 'string') return false
  const named = new RegExp(`['"]${escapeRegExp(name)}(/[^'"]*)?['"]`)
  // Node: "Cannot find package 'ai' imported from ...".
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return named.test(message)
  // Vite, when a test run bundles the entry: 'Could not resolve "ai" imported by ...'.
  return message.startsWith('Could not resolve ') && named.test(message)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/**
 * Checks that a loaded peer has the function an entry calls: a peer older
 * than the supported range becomes a `MissingPeerError` naming the range,
 * not a `TypeError` on the first call.
 * @example
 * requirePeerFunction('agenttwin/adapters/mastra', 'zod', '>=4.2.0', zod, 'fromJSONSchema')
 */
export function requirePeerFunction<T extends object>(
  entry: string,
  name: string,
  range: string,
  loaded: T,
  used: string,
): T {
  if (typeof (loaded as Record<string, unknown>)[used] !== 'function') {
    throw new MissingPeerError(entry, [name], name, { range, lacks: `${used}()` })
  }
  return loaded
}
