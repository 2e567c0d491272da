import { once } from 'node:events'
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, describe, expect, it } from 'vitest'
import { checkOutcomeFile } from '../../src/contract/index.ts'
import { goodRow } from './support/outcome-rows.ts'

const ROWS = 120_000
const SAMPLE_EVERY = 20_000
/**
 * Retained heap may grow by this much after the first sample (warm-up: module
 * and JIT caches); holding the 80k rows read after it would take about 37 MB.
 */
const FLAT_BYTES = 8 * 1024 * 1024

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const dir = mkdtempSync(join(tmpdir(), 'agenttwin-outcomes-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Writes `ROWS` lines: mostly passing rows, every 7th failing, every 1000th malformed. */
async function generate(file: string): Promise<void> {
  const out = createWriteStream(file)
  for (let index = 1; index <= ROWS; index++) {
    const row =
      index % 1000 === 0
        ? '{"trace_id": broken'
        : JSON.stringify(
            goodRow({
              trace_id: `trace-${index}`,
              operation_id: `op-${Math.ceil(index / 2)}`,
              attempt: index % 2 === 0 ? 2 : 1,
              entity_ref: `ORD-${100000 + index}`,
              ...(index % 7 === 0 ? { execution_status: 'unknown' } : {}),
            }),
          )
    if (!out.write(`${row}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}

describe('checking a large outcomes file', () => {
  it('streams 120k rows with retained memory that stays flat', async () => {
    const file = join(dir, 'outcomes.jsonl')
    await generate(file)
    const samples: number[] = []
    let seen = 0
    const summary = await checkOutcomeFile(file, {
      onRow: () => {
        seen++
        if (seen % SAMPLE_EVERY === 0) {
          gc()
          samples.push(process.memoryUsage().heapUsed)
        }
      },
    })
    expect(summary.rows + summary.malformed).toBe(ROWS)
    expect(summary.malformed).toBe(ROWS / 1000)
    expect(summary.failed).toBeGreaterThan(ROWS / 8)
    expect(summary.ok).toBe(false)
    expect(samples.length).toBe(Math.floor((ROWS - ROWS / 1000) / SAMPLE_EVERY))
    // Net growth from the first sample after warm-up to the last: a passing spike in between is not retention.
    const growth = samples.at(-1)! - samples[1]!
    const size = statSync(file).size
    expect(size).toBeGreaterThan(50 * 1024 * 1024)
    expect(growth, `retained heap grew by ${growth} bytes over a ${size}-byte file`).toBeLessThan(
      FLAT_BYTES,
    )
  }, 120_000)
})
