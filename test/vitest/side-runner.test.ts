import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { holdInterception } from '../../src/http/shared-interception.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import type { Agent } from '../../src/scenario/types.ts'
import { loadScenario } from '../../src/schema/index.ts'
import { createSideRunner } from '../../src/vitest/runtime/side-runner.ts'

const scenarioFile = fileURLToPath(
  new URL('../../examples/demo-co/scenarios/refund-happy-path.scenario.yaml', import.meta.url),
)
const hold = holdInterception('side-runner test')
afterAll(() => hold.release())

/** An agent that only says something: two of them report the same version string. */
function saying(name: string, reply: string): Agent {
  return { name, version: '1.0.0', run: async () => ({ reply, outcome: 'SUCCESS' }) }
}

test('two agents with the same version string each get their own run', async () => {
  const [pinned] = pinSelection([await loadScenario(scenarioFile)]).cases
  const runner = createSideRunner({
    pinned: pinned!,
    network: () => hold.interception,
    overrides: () => [],
    timeoutMs: 30_000,
  })
  const first = saying('first', 'one')
  const second = saying('second', 'two')
  const [a, b, again] = await Promise.all([
    runner.side(first),
    runner.side(second),
    runner.side(first),
  ])
  expect(a.run.agent.name).toBe('first')
  expect(b.run.agent.name).toBe('second')
  expect(b.run.result?.reply).toBe('two')
  // The same agent asked twice shares its one run.
  expect(again).toBe(a)
}, 60_000)
