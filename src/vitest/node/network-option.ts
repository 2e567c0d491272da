import type { NetworkOption } from '../shared/options.ts'
import type { ResolvedNetwork } from '../shared/provided.ts'

/** The plugin's `network` option with its defaults (checked by `checkPluginOptions`). */
export function resolveNetwork(option: NetworkOption = {}): ResolvedNetwork {
  return {
    guard: option.guard ?? 'run',
    allowHosts: option.allowHosts ?? [],
    allowLoopback: option.allowLoopback ?? false,
  }
}

/**
 * Whether a worker of the project runs one test file after another with the
 * same modules: Vitest reuses a runner only for files that are not isolated,
 * and the vm pools give every file fresh modules even then.
 */
export function sharesWorkers(config: { isolate?: boolean; pool?: unknown }): boolean {
  return config.isolate === false && !String(config.pool ?? '').startsWith('vm')
}
