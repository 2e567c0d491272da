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
