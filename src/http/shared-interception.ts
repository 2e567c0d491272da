import {
  createInterception,
  type Interception,
  type InterceptionOptions,
  registryHooks,
} from './interception.ts'

/** One owner's hold on the shared interception. */
export interface InterceptionHold {
  readonly interception: Interception
  /** Lets go; the last owner to let go disposes the interception. Safe twice. */
  release(): void
}

interface Shared {
  interception: Interception
  owners: Set<symbol>
  /** Owners that may step aside for an interception a test creates itself (the run-wide guard). */
  yielding: Set<symbol>
}

let shared: Shared | undefined
/** Owners of a shared interception that stepped aside, to be served again once the other one is disposed. */
let suspended: Shared | undefined

registryHooks.stepAside = () => {
  if (!shared || [...shared.owners].some((owner) => !shared!.yielding.has(owner))) return false
  const group = shared
  shared = undefined
  // Disposing calls resume(); nothing is suspended yet, so it does not come straight back.
  group.interception.dispose()
  suspended = group
  return true
}
registryHooks.resume = () => {
  if (!suspended || shared) return
  const back = suspended
  suspended = undefined
  if (back.owners.size > 0) shared = { ...back, interception: createInterception(defaults) }
}
let defaults: Pick<InterceptionOptions, 'allowLoopback' | 'allowHosts'> = {}

/**
 * The options the shared interception is created with (the plugin's `network`
 * option sets them for a project). An interception already live keeps its own.
 */
export function configureSharedInterception(
  options: Pick<InterceptionOptions, 'allowLoopback' | 'allowHosts'>,
): void {
  defaults = { ...options }
}

/**
 * The one registry of the process's test network: every owner (the plugin's
 * run-wide guard, describeScenario, useTwin, a scenario suite, runCase) holds
 * the same interception, the first hold creates it and the last release
 * disposes it, so no owner starts a second interception of its own and no
 * patched global outlives the last owner. Owners keep their twins apart with
 * `interception.scope(...)`.
 * @example
 * const hold = holdInterception('describeScenario')
 * await hold.interception.scope([twin], () => agent.run(input))
 * hold.release()
 */
export function holdInterception(
  owner: string,
  options: { yieldToOwnInterception?: boolean } = {},
): InterceptionHold {
  if (!shared || shared.interception.disposed) {
    shared = { interception: createInterception(defaults), owners: new Set(), yielding: new Set() }
  }
  const token = Symbol(owner)
  shared.owners.add(token)
  if (options.yieldToOwnInterception) shared.yielding.add(token)
  const interception = shared.interception
  return {
    interception,
    release() {
      for (const group of [shared, suspended]) {
        if (!group?.owners.delete(token)) continue
        group.yielding.delete(token)
        if (group.owners.size > 0) return
        if (group === suspended) suspended = undefined
        else {
          shared = undefined
          group.interception.dispose()
        }
      }
    },
  }
}

/** The shared interception while some owner holds it. */
export function sharedInterception(): Interception | undefined {
  return shared && !shared.interception.disposed ? shared.interception : undefined
}
