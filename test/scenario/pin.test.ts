import { createHash } from 'node:crypto'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import { canonicalJson, digest } from '../../src/core/canonical-json.ts'
import { deepFreeze, isDeepFrozen } from '../../src/core/freeze.ts'
import type { JsonObject } from '../../src/core/json.ts'
import { pinCase, pinSelection } from '../../src/scenario/pin.ts'
import { loadScenarioSync } from '../../src/schema/index.ts'
import type { TwinDocument } from '../../src/schema/twin-document.ts'
import { fixture } from '../schema/helpers.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const loaded = () => loadScenarioSync(fixture('valid/refund-timeout.scenario.yaml'))

/** The fixture's twin with `count` orders of about 500 bytes each in its state. */
function bigTwin(count: number): TwinDocument {
  const { twin } = loaded()
  const orders: Record<string, JsonObject> = {}
  for (let i = 0; i < count; i++) orders[`o_${i}`] = { id: `o_${i}`, note: 'x'.repeat(480) }
  return { ...twin, state: { ...twin.state, orders } }
}

describe('pinning a twin', { timeout: 60_000 }, () => {
  test('a twin the caller can still change is pinned as a frozen copy', () => {
    const source = loaded()
    const pinned = pinCase(source)
    expect(pinned.twinDocument).not.toBe(source.twin)
    expect(isDeepFrozen(pinned.twinDocument)).toBe(true)
    expect(isDeepFrozen(source.twin)).toBe(false)
  })

  test('a deep-frozen twin is pinned as it is, with the same digest as a copy', () => {
    const source = loaded()
    const copied = pinCase(source)
    deepFreeze(source.twin)
    const shared = pinSelection([source, source]).cases
    expect(shared.map((pinned) => pinned.twinDocument)).toEqual([source.twin, source.twin])
    expect(shared[0]!.twinDocument).toBe(source.twin)
    expect(shared[0]!.twin).toEqual(copied.twin)
  })

  test('a twin frozen only at the top is still copied', () => {
    const source = loaded()
    const twin = Object.freeze({ ...source.twin })
    expect(isDeepFrozen(twin)).toBe(false)
    expect(pinCase({ ...source, twin }).twinDocument).not.toBe(twin)
  })

  test('pinning a frozen big twin holds no copy of its state', () => {
    const source = { ...loaded(), twin: deepFreeze(bigTwin(10_000)) }
    const size = JSON.stringify(source.twin).length
    gc()
    const before = process.memoryUsage().heapUsed
    const cases = pinSelection([source, source, source]).cases
    gc()
    const held = process.memoryUsage().heapUsed - before
    expect(cases).toHaveLength(3)
    // One copy of the state would be about its JSON size; three cases held three.
    expect(held, `${held} bytes held by pinning a ${size}-byte twin three times`).toBeLessThan(
      size / 4,
    )
  })

  test('the digest of a big value is the digest of its canonical text', () => {
    const twin = bigTwin(2_000)
    const text = canonicalJson(twin)
    expect(text.length).toBeGreaterThan(1_000_000)
    expect(digest(twin)).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`)
  })
})
