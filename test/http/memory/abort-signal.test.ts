import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const probe = fileURLToPath(new URL('../../../bench/resources/abort-signal.mjs', import.meta.url))

interface SharedSignalRun {
  calls: number
  listenersBefore: number
  listenersAfter: number
  /** The most abort listeners the shared signal held after any one call. */
  listenersPeak: number
  heapGrowthPerCall: number
  warnings: number
  firstWarning?: string
}

it('20,000 calls sharing one AbortSignal leave no listener behind and grow the heap only a little', async () => {
  // A fresh process with --expose-gc, so the figures are this workload's alone.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', probe, '20000'],
    { cwd: root, env: { ...process.env, SOURCE: '1' }, maxBuffer: 1 << 20 },
  )
  const run = JSON.parse(stdout.trim().split('\n').at(-1)!) as SharedSignalRun
  expect(run.calls).toBe(20_000)
  expect(run.firstWarning).toBeUndefined()
  expect(run.warnings).toBe(0)
  // Each call's link to the signal ends with the call, not at some later collection.
  expect(run.listenersPeak).toBeLessThanOrEqual(1)
  expect(run.listenersAfter).toBe(run.listenersBefore)
  // Generous: msw keeps a little of every cloned body for good (see
  // retention.test.ts); the leak this guards against kept ~22 KB a call.
  expect(run.heapGrowthPerCall).toBeLessThan(8 * 1024)
}, 600_000)
