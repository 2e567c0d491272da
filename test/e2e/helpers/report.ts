import { readFileSync } from 'node:fs'

/** A saved comparison report as JSON, with every measured latency removed (they are measured, not recorded). */
export function reportWithoutLatency(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'), (key, value) =>
    key === 'latencyMs' ? undefined : value,
  )
}
