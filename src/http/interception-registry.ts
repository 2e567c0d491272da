/**
 * The process's interceptions, as one object: msw, the socket guard and the
 * ESM namespace sync are process-wide, so one interception is applied at a
 * time, and the owners of the shared one (the plugin's run-wide guard,
 * describeScenario, useTwin, a scenario suite, runCase) hold it here, so no
 * owner starts a second interception and no patch outlives the last owner.
 */
import { InterceptionActiveError } from './errors.ts'
import type { Interception, InterceptionOptions } from './interception-types.ts'

/** One owner's hold on the shared interception. */
export interface InterceptionHold {
  readonly interception: Interception
  /** Lets go; the last owner to let go disposes the interception. Safe twice. */
  release(): void
}

/** The options the shared interception is created with. */
export type SharedInterceptionOptions = Pick<InterceptionOptions, 'allowLoopback' | 'allowHosts'>

interface Holders {
  interception: Interception
  owners: Set<symbol>
  /** Owners that may step aside for an interception a test creates itself (the run-wide guard). */
  yielding: Set<symbol>
}

/** Which interception is applied, and who holds the shared one. */
export class InterceptionRegistry {
  /** The interception whose patches are on. */
  private active: Interception | undefined
  /** The holders of the shared interception while it is applied. */
  private shared: Holders | undefined
  /** Holders that stepped aside for a test's own interception, served again once it is disposed. */
  private suspended: Holders | undefined
  private defaults: SharedInterceptionOptions = {}

  /**
   * @param create makes the shared interception (`createInterception`), passed
   * in so that this module needs nothing of it but its types.
   */
  constructor(private readonly create: (options: SharedInterceptionOptions) => Interception) {}

  /**
   * Called by an interception before it patches anything: the shared one steps
   * aside when only yielding owners hold it; any other applied interception
   * is an `InterceptionActiveError`.
   */
  claim(interception: Interception): void {
    if (this.active && !(this.stepAside() && !this.active)) throw new InterceptionActiveError()
    this.active = interception
  }

  /** Called by an interception once its patches are off: the owners that stepped aside come back. */
  released(interception: Interception): void {
    if (this.active !== interception) return
    this.active = undefined
    this.resume()
  }

  /** The options the shared interception is created with; one already applied keeps its own. */
  configure(options: SharedInterceptionOptions): void {
    this.defaults = { ...options }
  }

  /** Holds the shared interception, creating it for the first owner. */
  hold(owner: string, options: { yieldToOwnInterception?: boolean } = {}): InterceptionHold {
    if (!this.shared || this.shared.interception.disposed) {
      this.shared = {
        interception: this.create(this.defaults),
        owners: new Set(),
        yielding: new Set(),
      }
    }
    const token = Symbol(owner)
    this.shared.owners.add(token)
    if (options.yieldToOwnInterception) this.shared.yielding.add(token)
    return { interception: this.shared.interception, release: () => this.let(token) }
  }

  /** The shared interception while some owner holds it. */
  current(): Interception | undefined {
    return this.shared && !this.shared.interception.disposed ? this.shared.interception : undefined
  }

  private let(token: symbol): void {
    for (const group of [this.shared, this.suspended]) {
      if (!group?.owners.delete(token)) continue
      group.yielding.delete(token)
      if (group.owners.size > 0) return
      if (group === this.suspended) this.suspended = undefined
      else {
        this.shared = undefined
        group.interception.dispose()
      }
    }
  }

  private stepAside(): boolean {
    const group = this.shared
    if (!group || [...group.owners].some((owner) => !group.yielding.has(owner))) return false
    this.shared = undefined
    // Disposing calls released(); nothing is suspended yet, so it does not come straight back.
    group.interception.dispose()
    this.suspended = group
    return true
  }

  private resume(): void {
    if (!this.suspended || this.shared) return
    const back = this.suspended
    this.suspended = undefined
    if (back.owners.size > 0) this.shared = { ...back, interception: this.create(this.defaults) }
  }
}
