import { afterAll, afterEach, beforeEach } from 'vitest'
import { UnhandledRequestsError } from '../../http/errors.ts'
import {
  configureSharedInterception,
  holdInterception,
  sharedInterception,
} from '../../http/shared-interception.ts'
import { providedOptions } from './provided.ts'

/**
 * Run by the plugin's setup file in every test file: configures the shared
 * interception, and with `guard: 'run'` holds it from before the test file
 * is imported until its last hook, so module code and plain tests are
 * guarded too. A refusal no case owns (a plain test, or a request an ended
 * case left behind) fails the test it happened in, or the file after its
 * last test, even when the code swallowed the error.
 */
export function guardTestFile(): void {
  const network = providedOptions()?.network
  if (!network) return
  configureSharedInterception({
    allowHosts: network.allowHosts,
    allowLoopback: network.allowLoopback,
  })
  if (network.guard !== 'run') return
  // An interception a test creates itself takes over while it lives.
  const hold = holdInterception('the run-wide guard', { yieldToOwnInterception: true })
  let seen = sharedInterception()?.unscoped.length ?? 0
  const fresh = () => {
    const unscoped = sharedInterception()?.unscoped ?? []
    const added = unscoped.slice(Math.min(seen, unscoped.length))
    seen = unscoped.length
    return added
  }
  beforeEach(() => {
    fresh()
  })
  afterEach(() => {
    const refused = fresh()
    if (refused.length > 0) throw new UnhandledRequestsError(refused)
  })
  afterAll(() => {
    const refused = fresh()
    hold.release()
    if (refused.length > 0) throw new UnhandledRequestsError(refused)
  })
}
