/**
 * Keeps the cache folder bounded. Every file in it is named by a hash of what
 * decides its content, so each edit of a scenario and each upgrade of
 * AgentTwin leaves the earlier file behind, never read again. The first time
 * a process keeps something in a folder, the files not written for a month
 * go, then the oldest beyond a count. A file still in use that goes costs its
 * check once more and is kept anew: pruning costs time, never an answer.
 */
import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** How much a cache folder keeps. */
export interface CacheLimits {
  /** Files written longer ago than this are removed. */
  maxAgeMs: number
  /** The newest this many files stay; older ones are removed. */
  maxFiles: number
}

const DAY_MS = 24 * 60 * 60 * 1000

/** A month of writes, and a count well above a large project's scenarios and twins. */
export const CACHE_LIMITS: CacheLimits = { maxAgeMs: 30 * DAY_MS, maxFiles: 20_000 }

/** Folders this process has pruned: once each, however many files it keeps there. */
const pruned = new Set<string>()

/** Prunes `dir` by {@link CACHE_LIMITS}, the first time this process asks. */
export function pruneOnce(dir: string): void {
  if (pruned.has(dir)) return
  pruned.add(dir)
  pruneCacheFolder(dir, CACHE_LIMITS, Date.now())
}

/**
 * Removes the files of `dir` written before `now - maxAgeMs`, then the
 * oldest beyond `maxFiles`, and says how many went. A file another process
 * removes or writes meanwhile is passed over; nothing here throws.
 * @example
 * pruneCacheFolder('node_modules/.cache/agenttwin/scenarios', CACHE_LIMITS, Date.now())
 */
export function pruneCacheFolder(dir: string, limits: CacheLimits, now: number): number {
  const files = writtenFiles(dir)
  const stale = files.filter((file) => now - file.writtenMs > limits.maxAgeMs)
  const fresh = files.filter((file) => now - file.writtenMs <= limits.maxAgeMs)
  fresh.sort((a, b) => a.writtenMs - b.writtenMs)
  const over = fresh.slice(0, Math.max(0, fresh.length - limits.maxFiles))
  let removed = 0
  for (const { path } of [...stale, ...over]) {
    try {
      rmSync(path, { force: true })
      removed++
    } catch {
      // Another process has it open or took it: the next prune tries again.
    }
  }
  return removed
}

/** The plain files of `dir` with when each was written; none when the folder cannot be read. */
function writtenFiles(dir: string): { path: string; writtenMs: number }[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  const files: { path: string; writtenMs: number }[] = []
  for (const name of entries) {
    const path = join(dir, name)
    try {
      const stats = statSync(path, { throwIfNoEntry: false })
      if (stats?.isFile()) files.push({ path, writtenMs: stats.mtimeMs })
    } catch {
      // Unreadable (permissions, a loop): not ours to remove.
    }
  }
  return files
}
