import type { NetworkOption } from './options.ts'

/** The key the plugin provides the project's network option under. */
export const NETWORK_KEY = 'agenttwin:network'

/** The network option as every test file of the project receives it. */
export type ResolvedNetwork = Required<NetworkOption>

/**
 * The key under which the plugin tells the workers whether one worker runs
 * several test files with shared modules (`isolate: false`, not a vm pool).
 */
export const SHARED_WORKER_KEY = 'agenttwin:shared-worker'

declare module 'vitest' {
  interface ProvidedContext {
    'agenttwin:network': ResolvedNetwork
    'agenttwin:shared-worker': boolean
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

/** The plugin's `network` option with its defaults (checked by `checkPluginOptions`). */
export function resolveNetwork(option: NetworkOption = {}): ResolvedNetwork {
  return {
    guard: option.guard ?? 'run',
    allowHosts: option.allowHosts ?? [],
    allowLoopback: option.allowLoopback ?? false,
  }
}
