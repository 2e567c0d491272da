import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { goodRow } from './support/outcome-rows.ts'

const ROWS = 150_000
const probe = fileURLToPath(new URL('./support/check-rss-probe.mjs', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-outcome-entities-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, entity: (index: number) => string): string {
  const file = join(dir, name)
  const lines: string[] = []
  for (let index = 0; index < ROWS; index++) {
    lines.push(
      JSON.stringify(
        goodRow({ trace_id: `t-${index}`, operation_id: `op-${index}`, entity_ref: entity(index) }),
      ),
    )
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

function peak(file: string): { rows: number; maxRssKb: number } {
  return JSON.parse(execFileSync(process.execPath, [probe, file], { encoding: 'utf8' }))
}

describe('checking outcomes about many different entities', () => {
  it('peaks at about the memory of a file about one entity', () => {
    const one = peak(write('one.jsonl', () => 'ORD-1001'))
    const many = peak(write('many.jsonl', (index) => `ORD-${1_000_000 + index}`))
    expect(one.rows).toBe(ROWS)
    expect(many.rows).toBe(ROWS)
    // Per-entity work (a regular expression compiled per row) once made this 5x.
    expect(many.maxRssKb / one.maxRssKb).toBeLessThan(1.5)
  }, 120_000)
})
