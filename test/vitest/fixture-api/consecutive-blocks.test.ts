import { describe, expect } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { agents } from '../../../examples/demo-co/agent/index.ts'
import { sharedInterception } from '../../../src/http/shared-interception.ts'
import type { Interception } from '../../../src/public/msw.ts'
import { describeScenario } from '../../../src/vitest/runtime/fixtures/describe-scenario.ts'
import { test } from '../../../src/vitest/runtime/fixtures/test.ts'
import { happyScenario, timeoutScenario } from './support.ts'

// One file of many describeScenario blocks, as users write one per scenario:
// consecutive blocks share one start of the test network instead of one each,
// and nothing between or after them runs under it.
const unpatchedFetch = globalThis.fetch
const seen: Interception[] = []

function block(file: string, refunds: number): void {
  describeScenario(file, () => {
    test('runs the case on the network the blocks share', async ({ run }) => {
      seen.push(sharedInterception()!)
      const result = await run(agents['v1.3.0']!)
      expect(result).toHaveStateAt('orders.ORD-1001.refund_count', refunds)
    })
  })
}

block(happyScenario, 1)
block(timeoutScenario, 2)
block(happyScenario, 1)

describe('after three consecutive blocks', () => {
  test('they ran on one interception, which is gone now', () => {
    expect(seen).toHaveLength(3)
    expect(new Set(seen).size).toBe(1)
    expect(seen[0]!.disposed).toBe(true)
    expect(globalThis.fetch).toBe(unpatchedFetch)
  })
})

block(happyScenario, 1)

describeScenario(happyScenario, () => {
  test.skip('a block with nothing to run', () => {})
})

describe('after a block followed by a block that does not run', () => {
  test('the network is released, not handed to the block that never holds it', () => {
    expect(seen).toHaveLength(4)
    expect(seen[3]).not.toBe(seen[0])
    expect(seen[3]!.disposed).toBe(true)
    expect(sharedInterception()).toBeUndefined()
    expect(globalThis.fetch).toBe(unpatchedFetch)
  })
})

describe('blocks nested in a describe of their own', () => {
  block(timeoutScenario, 2)
  block(happyScenario, 1)

  test('share one interception too', () => {
    expect(seen).toHaveLength(6)
    expect(seen[5]).toBe(seen[4])
  })
})

describe('after the nested blocks', () => {
  test('nothing is left patched', () => {
    expect(seen[5]!.disposed).toBe(true)
    expect(globalThis.fetch).toBe(unpatchedFetch)
  })
})
