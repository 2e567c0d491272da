/**
 * Which twin answers a request, and whose evidence a refusal is: the twins of
 * the interception and of its live scopes, the async context a request comes
 * from, and the refusals no live scope owns. One per interception.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Twin } from '../twin/types.ts'
import type { UnhandledRequest } from './errors.ts'
import type { NetworkGuard } from './network-guard.ts'
import type { ScopeState, ScopeTraffic } from './scope-state.ts'
import type { RoutedTwin } from './twin-handlers.ts'
import { ownerOf } from './twin-table.ts'

export class ScopeRouting {
  /** Twins of `use(twin)`, by base URL. */
  readonly twins = new Map<string, RoutedTwin>()
  /** The scope a piece of code runs in. */
  readonly scopes = new AsyncLocalStorage<ScopeState>()
  /** Scopes whose function has not settled yet. */
  readonly live = new Set<ScopeState>()
  /** Refusals no live scope owns, in arrival order. */
  readonly unscoped: UnhandledRequest[] = []

  constructor(
    private readonly guard: NetworkGuard,
    private readonly onRefusal: ((request: UnhandledRequest) => void) | undefined,
  ) {}

  /** Every twin served, for a refusal's "what is served" list. */
  servedTwins(): string[] {
    return [
      ...[...this.twins.values()].map(({ twin }) => `${twin.name} (${twin.baseUrl})`),
      ...[...this.live].flatMap((scope) =>
        [...scope.twins.values()].map(
          ({ twin }) => `${twin.name} (${twin.baseUrl}, scoped to one test's async context)`,
        ),
      ),
    ]
  }

  /** The twins a request from the current context would reach, the innermost scope's first. */
  twinsHere(): Twin[] {
    const found: Twin[] = []
    for (let scope = this.scopes.getStore(); scope; scope = scope.parent) {
      for (const routed of scope.twins.values()) found.push(routed.twin)
    }
    for (const routed of this.twins.values()) found.push(routed.twin)
    return found
  }

  /** The traffic of the current context's scopes that a request to `url` belongs to, the innermost scope's first. */
  trafficFor(url: URL): ScopeTraffic | undefined {
    for (let scope = this.scopes.getStore(); scope; scope = scope.parent) {
      if (scope.options.traffic?.owns(url)) return scope.options.traffic
    }
    return undefined
  }

  /** The twin that answers `request`: its own scope chain first, then `use()`'s twins. */
  twinFor(request: Request): RoutedTwin | undefined {
    const url = new URL(request.url)
    const current = this.scopes.getStore()
    for (let scope = current; scope; scope = scope.parent) {
      const routed = ownerOf(scope.twins, url)
      if (routed) return routed
    }
    const shared = ownerOf(this.twins, url)
    if (shared || current) return shared
    // From outside every scope: only an unambiguous owner, never a guess.
    const owners = [...this.live].flatMap((scope) => ownerOf(scope.twins, url) ?? [])
    return owners.length === 1 ? owners[0] : undefined
  }

  /** What had ended when a request came from the current context: its label, or nothing while it lives. */
  endedBefore(from: ScopeState | undefined = this.scopes.getStore()): string | undefined {
    if (!from || this.live.has(from)) return undefined
    return from.options.label ?? 'its scope'
  }

  /**
   * Files refusals under the scopes they may belong to: a request sent after
   * its scope ended is first offered to that scope (its case may still take
   * it); otherwise the live chain of `from`, else every live scope.
   */
  file(refused: UnhandledRequest[], from: ScopeState | undefined): void {
    if (refused.length === 0) return
    const late = from && !this.live.has(from) ? from.options.onLate : undefined
    const blocked = late ? refused.filter((request) => !late(request)) : refused
    for (const request of refused) if (!blocked.includes(request)) this.onRefusal?.(request)
    if (blocked.length === 0) return
    const owners: ScopeState[] = []
    for (let scope = from; scope; scope = scope.parent) if (this.live.has(scope)) owners.push(scope)
    // From an ended scope or from no scope: evidence no case holds yet.
    if (owners.length === 0) this.unscoped.push(...blocked)
    for (const scope of from ? owners : this.live) scope.unhandled.push(...blocked)
    for (const request of blocked) this.onRefusal?.(request)
  }

  /** Runs a guard decision and files what it blocked under the current context. */
  attributed<T>(decide: () => T): T {
    const before = this.guard.unhandled.length
    try {
      return decide()
    } finally {
      this.file(this.guard.unhandled.slice(before), this.scopes.getStore())
    }
  }
}
