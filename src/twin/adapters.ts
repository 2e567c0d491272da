import { DuplicateAdapterError } from './errors.ts'
import type { TwinAdapter } from './types.ts'

const registry = new Map<string, TwinAdapter>()

/**
 * Registers a reviewed code adapter under a name, for twin documents that say
 * `handler: { kind: adapter, adapter: <name> }`. Registering the same adapter
 * object again is a no-op; a different one under a taken name throws
 * `DuplicateAdapterError`. Returns a function that unregisters it.
 *
 * @example
 * const unregister = registerAdapter('fx-rate', {
 *   handle: ({ args }) => ({ status: 200, body: { pair: args.pair, rate: 1.1 } }),
 * })
 */
export function registerAdapter(name: string, adapter: TwinAdapter): () => void {
  const existing = registry.get(name)
  if (existing && existing !== adapter) throw new DuplicateAdapterError(name)
  registry.set(name, adapter)
  return () => {
    if (registry.get(name) === adapter) registry.delete(name)
  }
}

/** A snapshot of the global registry (the default of `TwinOptions.adapters`). */
export function registeredAdapters(): ReadonlyMap<string, TwinAdapter> {
  return new Map(registry)
}
