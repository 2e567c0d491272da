import { describe, expect, it } from 'vitest'
import { nestsDeeperThan, pathPastDepth } from '../../src/core/depth.ts'

describe('pathPastDepth', () => {
  it('names the first value, in document order, that opens a level past the limit', () => {
    const value = { a: [{ b: 1 }], c: { d: { e: {} } } }
    expect(pathPastDepth(value, 2)).toEqual(['a', 0])
    expect(pathPastDepth(value, 3)).toEqual(['c', 'd', 'e'])
    expect(pathPastDepth(value, 4)).toBeUndefined()
    expect(nestsDeeperThan(value, 4)).toBe(false)
  })

  it('measures 100,000 levels without recursion and stops at the limit', () => {
    let deep: unknown = 1
    for (let index = 0; index < 100_000; index++) deep = [deep]
    const path = pathPastDepth({ x: deep }, 256)
    expect(path).toHaveLength(256)
    expect(path?.slice(0, 3)).toEqual(['x', 0, 0])
  })

  it('answers as nestsDeeperThan does when a value is reached twice (YAML aliases)', () => {
    const shared = { d: { e: {} } }
    // Met first at the second level under `a`, where it is three levels deep in all.
    const value = { a: shared, b: { c: { x: shared } } }
    for (const max of [1, 2, 3, 4, 5]) {
      expect(pathPastDepth(value, max) !== undefined).toBe(nestsDeeperThan(value, max))
    }
    expect(pathPastDepth(value, 3)).toEqual(['a', 'd', 'e'])
    expect(nestsDeeperThan(value, 4)).toBe(false)
  })
})
