import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const probe = fileURLToPath(new URL('./retention-probe.ts', import.meta.url))

interface Retention {
  /** Heap bytes kept per case between case 200 and case 1,200 on one interception. */
  agentTwin: number
  /** The same for plain msw answering as many JSON requests per case. */
  plainMsw: number
  /** One case's own data: its CaseRun as JSON. */
  caseBytes: number
  calls: number
}

it('keeps no case alive once it is over: memory per case stays flat across 1,000 cases', async () => {
  // A fresh process with --expose-gc, so the figures are this workload's alone.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', probe, '200', '1200'],
    { cwd: root, maxBuffer: 1 << 20 },
  )
  const retention = JSON.parse(stdout.trim().split('\n').at(-1)!) as Retention
  expect(retention.calls).toBeGreaterThan(0)
  // Node keeps a little of every cloned request body for good (msw clones
  // each one), so plain msw grows too. Beyond that, a case may not leave
  // behind as much as its own data: keeping the twin, its state or records
  // alive after the case would cost more than that per case.
  expect(retention.agentTwin - retention.plainMsw).toBeLessThan(retention.caseBytes)
}, 120_000)
