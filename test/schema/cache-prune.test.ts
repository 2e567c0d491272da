import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { keepInCache } from '../../src/schema/cache-folder.ts'
import { CACHE_LIMITS, pruneCacheFolder } from '../../src/schema/cache-prune.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const NOW = Date.parse('2026-06-01T00:00:00Z')

let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agenttwin-cache-prune-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A cache file written `daysAgo` days before `now`. */
function written(folder: string, name: string, daysAgo: number, now = NOW): void {
  writeFileSync(join(folder, name), '{}')
  const at = new Date(now - daysAgo * DAY_MS)
  utimesSync(join(folder, name), at, at)
}

describe('the cache folder stays bounded', () => {
  test('files not written for longer than the age limit go; newer ones stay', () => {
    written(dir, 'a.json', 45)
    written(dir, 'b.json', 31)
    written(dir, 'c.json', 29)
    written(dir, 'd.json.123-0.tmp', 40)
    const removed = pruneCacheFolder(dir, { maxAgeMs: 30 * DAY_MS, maxFiles: 100 }, NOW)
    expect(removed).toBe(3)
    expect(readdirSync(dir)).toEqual(['c.json'])
  })

  test('beyond the count limit the oldest go, the newest stay', () => {
    for (let index = 0; index < 6; index++) written(dir, `${index}.json`, 6 - index)
    const removed = pruneCacheFolder(dir, { maxAgeMs: 30 * DAY_MS, maxFiles: 4 }, NOW)
    expect(removed).toBe(2)
    expect(readdirSync(dir).sort()).toEqual(['2.json', '3.json', '4.json', '5.json'])
  })

  test('a folder that is not there, and sub-folders, are passed over', () => {
    expect(pruneCacheFolder(join(dir, 'missing'), CACHE_LIMITS, NOW)).toBe(0)
    mkdirSync(join(dir, 'nested'))
    utimesSync(join(dir, 'nested'), new Date(0), new Date(0))
    expect(pruneCacheFolder(dir, CACHE_LIMITS, NOW)).toBe(0)
    expect(readdirSync(dir)).toEqual(['nested'])
  })

  test('keeping a file prunes its folder first, once a process', () => {
    const folder = join(dir, 'scenarios')
    mkdirSync(folder)
    written(folder, 'old.json', 400, Date.now())
    keepInCache(join(folder, 'new.json'), '{"kept":true}')
    expect(readdirSync(folder)).toEqual(['new.json'])
    // Pruned once: an old file appearing later stays until the next process.
    written(folder, 'later.json', 400, Date.now())
    keepInCache(join(folder, 'newer.json'), '{}')
    expect(readdirSync(folder).sort()).toEqual(['later.json', 'new.json', 'newer.json'])
  })
})
