import { interceptions } from './interception.ts'
import type { InterceptionHold, SharedInterceptionOptions } from './interception-registry.ts'
import type { Interception } from './interception-types.ts'

export type { InterceptionHold } from './interception-registry.ts'

/**
 * The options the shared interception is created with (the plugin's `network`
 * option sets them for a project). An interception already live keeps its own.
 */
export function configureSharedInterception(options: SharedInterceptionOptions): void {
  interceptions.configure(options)
}

/**
 * The one registry of the process's test network: every owner (the plugin's
 * run-wide guard, describeScenario, useTwin, a scenario suite, runCase) holds
 * the same interception, the first hold creates it and the last release
 * disposes it, so no owner starts a second interception of its own and no
 * patched global outlives the last owner. Owners keep their twins apart with
 * `interception.scope(...)`. With `yieldToOwnInterception`, the hold steps
 * aside while a test applies an interception of its own, and comes back after.
 * @example
 * const hold = holdInterception('describeScenario')
 * await hold.interception.scope([twin], () => agent.run(input))
 * hold.release()
 */
export function holdInterception(
  owner: string,
  options: { yieldToOwnInterception?: boolean } = {},
): InterceptionHold {
  return interceptions.hold(owner, options)
}

/** The shared interception while some owner holds it. */
export function sharedInterception(): Interception | undefined {
  return interceptions.current()
}
