import type { NetworkOption } from './options.ts'
import { InvalidPluginOptionsError } from './resolve-options.ts'

/** The key the plugin provides the project's network option under. */
export const NETWORK_KEY = 'agenttwin:network'

/** The network option as every test file of the project receives it. */
export type ResolvedNetwork = Required<NetworkOption>

declare module 'vitest' {
  interface ProvidedContext {
    'agenttwin:network': ResolvedNetwork
  }
}

/** Checks the plugin's `network` option and fills in the defaults. */
export function resolveNetwork(option: NetworkOption = {}): ResolvedNetwork {
  const guard = option.guard ?? 'run'
  if (guard !== 'run' && guard !== 'case') {
    throw new InvalidPluginOptionsError(
      `network.guard is ${JSON.stringify(guard)}`,
      "write network: { guard: 'run' } (the default: the guard holds for the whole run) or { guard: 'case' } (only while a case runs)",
    )
  }
  const allowHosts = option.allowHosts ?? []
  for (const [index, host] of allowHosts.entries()) {
    if (typeof host !== 'string' || host === '' || host.includes('/')) {
      throw new InvalidPluginOptionsError(
        `network.allowHosts[${index}] is ${JSON.stringify(host)}`,
        "give a host name, optionally with a port: 'api.example.com' or 'api.example.com:8443'",
      )
    }
  }
  return { guard, allowHosts, allowLoopback: option.allowLoopback ?? false }
}
