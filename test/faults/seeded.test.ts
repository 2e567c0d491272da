import { describe, expect, it } from 'vitest'
import { seededUnit } from '../../src/faults/seeded.ts'

describe('seededUnit', () => {
  it('is stable across calls and processes (pinned values)', () => {
    const first = seededUnit(0, 'r1', 'refund_payment', 1)
    expect(seededUnit(0, 'r1', 'refund_payment', 1)).toBe(first)
    expect(first).toMatchInlineSnapshot(`0.5981370116554694`)
  })

  it('changes with each coordinate', () => {
    const base = seededUnit(1, 'r1', 'tool', 1)
    expect(seededUnit(2, 'r1', 'tool', 1)).not.toBe(base)
    expect(seededUnit(1, 'r2', 'tool', 1)).not.toBe(base)
    expect(seededUnit(1, 'r1', 'tool2', 1)).not.toBe(base)
    expect(seededUnit(1, 'r1', 'tool', 2)).not.toBe(base)
  })

  it('keeps the parts apart: shifting a separator gives another value', () => {
    expect(seededUnit(1, 'a:b', 'c', 1)).not.toBe(seededUnit(1, 'a', 'b:c', 1))
  })

  it('stays in [0, 1) and spreads evenly', () => {
    const values = Array.from({ length: 4000 }, (_, i) => seededUnit(7, 'rule', 'tool', i + 1))
    for (const value of values) {
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(1)
    }
    const below = values.filter((value) => value < 0.25).length / values.length
    expect(below).toBeGreaterThan(0.22)
    expect(below).toBeLessThan(0.28)
  })
})
