import type { Twin } from '../twin/types.ts'

/** How the active interception lists the twins a request made here would reach. */
let lookup: (() => Twin[]) | undefined

/** @internal Set by the active interception while it lives; `undefined` clears it. */
export function setContextTwins(list: (() => Twin[]) | undefined): void {
  lookup = list
}

/**
 * The twins a request made from the current async context would reach, the
 * innermost scope's first (a case's own twin, then an enclosing test's, then
 * those of `interception.use`). Empty when no interception is active. Tool
 * functions called in-process find their case's twin this way, exactly as
 * an HTTP request from the same place would.
 */
export function contextTwins(): Twin[] {
  return lookup?.() ?? []
}

/** Whether AgentTwin's test network is active in this process (a test run). */
export function testNetworkActive(): boolean {
  return lookup !== undefined
}
