import { afterAll, afterEach, beforeEach } from 'vitest'
import { UnhandledRequestsError } from '../../http/errors.ts'
import {
  configureSharedInterception,
  holdInterception,
  type InterceptionHold,
  sharedInterception,
} from '../../http/shared-interception.ts'
import { providedOptions } from './provided.ts'
import { stackless } from './stackless.ts'

/**
 * In a worker that runs one test file after another (`isolate: false`), the
 * hold of the file before: the next file takes the network over from it, so
 * the worker starts the interception once instead of once per file. The last
 * file's hold ends with the worker; only Vitest runs between two files.
 */
let previousFile: InterceptionHold | undefined

/**
 * Run by the plugin's setup file in every test file: configures the shared
 * interception, and with `guard: 'run'` holds it from before the test file
 * is imported until its last hook, so module code and plain tests are
 * guarded too. A refusal no case owns (a plain test, or a request an ended
 * case left behind) fails the test it happened in, or the file after its
 * last test, even when the code swallowed the error.
 */
export function guardTestFile(): void {
  const provided = providedOptions()
  if (!provided) return
  const network = provided.network
  configureSharedInterception({
    allowHosts: network.allowHosts,
    allowLoopback: network.allowLoopback,
  })
  if (network.guard !== 'run') return
  // An interception a test creates itself takes over while it lives.
  const hold = holdInterception('the run-wide guard', { yieldToOwnInterception: true })
  previousFile?.release()
  previousFile = undefined
  const handOn = provided.sharedWorker === true
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
    if (refused.length > 0) throw stackless(new UnhandledRequestsError(refused))
  })
  afterAll(() => {
    const refused = fresh()
    if (handOn) previousFile = hold
    else hold.release()
    if (refused.length > 0) throw stackless(new UnhandledRequestsError(refused))
  })
}
