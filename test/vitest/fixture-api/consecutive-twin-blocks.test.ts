import { describe, expect, test } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { sharedInterception } from '../../../src/http/shared-interception.ts'
import type { Interception } from '../../../src/public/msw.ts'
import { describeScenario } from '../../../src/vitest/runtime/fixtures/describe-scenario.ts'
import { useTwin } from '../../../src/vitest/runtime/fixtures/use-twin.ts'
import { callTool, demoTwinFile, happyScenario } from './support.ts'

// One file of many describe blocks, each with useTwin, as users write one per
// situation: consecutive blocks share one start of the test network instead
// of one each, and nothing between or after them runs under it.
const unpatchedFetch = globalThis.fetch
const seen: Interception[] = []

function block(orderId: string): void {
  describe(`a block on ${orderId}`, () => {
    const twin = useTwin(demoTwinFile)
    test('serves its own fresh twin on the network the blocks share', async () => {
      seen.push(sharedInterception()!)
      const answer = await callTool(twin.baseUrl, 'lookup_order', { order_id: orderId })
      expect(answer.status).toBe(200)
      expect(twin.records().map((record) => record.tool)).toEqual(['lookup_order'])
    })
  })
}

block('ORD-1001')
block('ORD-1002')
block('ORD-1001')

describe('after three consecutive useTwin blocks', () => {
  test('they ran on one interception, which is gone now', () => {
    expect(seen).toHaveLength(3)
    expect(new Set(seen).size).toBe(1)
    expect(seen[0]!.disposed).toBe(true)
    expect(globalThis.fetch).toBe(unpatchedFetch)
  })
})

block('ORD-1001')

describe('a useTwin block with nothing to run', () => {
  useTwin(demoTwinFile)
  test.skip('skipped', () => {})
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

block('ORD-1001')
describeScenario(happyScenario, () => {
  test('a describeScenario block after a useTwin block takes the network over', () => {
    seen.push(sharedInterception()!)
    expect(seen[5]).toBe(seen[4])
  })
})

describe('after the mixed blocks', () => {
  test('nothing is left patched', () => {
    expect(seen[5]!.disposed).toBe(true)
    expect(globalThis.fetch).toBe(unpatchedFetch)
  })
})

describe.concurrent('concurrent useTwin blocks', () => {
  block('ORD-1001')
  block('ORD-1002')
})

describe('after concurrent blocks', () => {
  test('none of them passed the network on', () => {
    expect(seen).toHaveLength(8)
    expect(sharedInterception()).toBeUndefined()
    expect(globalThis.fetch).toBe(unpatchedFetch)
  })
})
