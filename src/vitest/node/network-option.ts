import type { NetworkOption } from '../shared/options.ts'

/** The key the plugin provides the project's network option under. */
export const NETWORK_KEY = 'agenttwin:network'

/** The network option as every test file of the project receives it. */
export type ResolvedNetwork = Required<NetworkOption>

declare module 'vitest' {
  interface ProvidedContext {
    'agenttwin:network': ResolvedNetwork
  }
}

/** The plugin's `network` option with its defaults (checked by `checkPluginOptions`). */
export function resolveNetwork(option: NetworkOption = {}): ResolvedNetwork {
  return {
    guard: option.guard ?? 'run',
    allowHosts: option.allowHosts ?? [],
    allowLoopback: option.allowLoopback ?? false,
  }
}
