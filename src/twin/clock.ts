import { keepBounded } from '../core/bounded-memo.ts'
import type { TwinDocument } from '../schema/twin-document.ts'
import { InvalidClockError } from './errors.ts'

export const DEFAULT_CLOCK_START = '2026-01-01T00:00:00.000Z'
export const DEFAULT_CLOCK_STEP_MS = 1000

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * The twin's fixed clock: call `seq` happens at `start + (seq - 1) × stepMs`,
 * as an ISO 8601 string. It never reads the wall clock.
 *
 * @example
 * fixedClock(document)(3) // '2026-01-01T00:00:02.000Z' with the defaults
 */
export function fixedClock(document: TwinDocument): (seq: number) => string {
  const start = document.clock?.start ?? DEFAULT_CLOCK_START
  const stepMs = document.clock?.stepMs ?? DEFAULT_CLOCK_STEP_MS
  const startMs = Date.parse(start)
  const name = document.metadata.name
  // Without an explicit zone, Date.parse reads local time, which differs between machines.
  if (!ISO_WITH_ZONE.test(start) || Number.isNaN(startMs)) {
    throw new InvalidClockError(name, `start "${start}" is not an ISO 8601 time with a zone`)
  }
  if (typeof stepMs !== 'number' || !Number.isFinite(stepMs) || stepMs < 0) {
    throw new InvalidClockError(
      name,
      `stepMs ${JSON.stringify(stepMs)} is not a non-negative number`,
    )
  }
  const times = clockTimes(startMs, stepMs)
  return (seq) => {
    const known = times[seq]
    if (known !== undefined) return known
    const time = new Date(startMs + (seq - 1) * stepMs).toISOString()
    if (Number.isSafeInteger(seq) && seq >= 0 && seq < MAX_TIMES) times[seq] = time
    return time
  }
}

/**
 * The times each clock (start and step) has spelled, by call number: every
 * case of a suite makes a twin of the same clock and calls it at the same
 * numbers, and spelling a date costs more than a twin's own work on a call.
 */
const spelledTimes = new Map<string, string[]>()
/** Call numbers remembered per clock: a case's calls, not a runaway loop's. */
const MAX_TIMES = 1024
/** Clocks remembered before the map starts over: a run's twins, not every clock a test builds. */
const MAX_CLOCKS = 64

function clockTimes(startMs: number, stepMs: number): string[] {
  const key = `${startMs}/${stepMs}`
  return spelledTimes.get(key) ?? keepBounded(spelledTimes, key, [], MAX_CLOCKS)
}
