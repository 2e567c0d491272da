import type { TwinDocument } from '../../schema/twin-document.ts'
import type { Twin } from '../../twin/types.ts'
import type { ServedTwin, ServeTwinOptions } from './serve-twin.ts'

let warned = false

/**
 * `serveTwin` from the package root, where 0.1.0 first exported it: it now lives in
 * `agenttwin/server`. Kept for the 0.2 releases so that code written against the old
 * import keeps working, and says once per process where the function went.
 * @deprecated Import `serveTwin` from `agenttwin/server`; this alias goes in 0.3.0.
 * @example
 * import { serveTwin } from 'agenttwin/server'
 */
export async function serveTwin(
  source: Twin | TwinDocument,
  options?: ServeTwinOptions,
): Promise<ServedTwin> {
  if (!warned) {
    warned = true
    process.emitWarning(
      "serveTwin moved to 'agenttwin/server': import { serveTwin } from 'agenttwin/server'. The alias in 'agenttwin' goes in 0.3.0.",
      { type: 'DeprecationWarning', code: 'AGENTTWIN_MOVED_EXPORT' },
    )
  }
  // Loaded on use, so the library entry does not carry the HTTP server.
  const server = await import('./serve-twin.ts')
  return server.serveTwin(source, options)
}
