import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  checkOutcomeFile,
  checkOutcomeLines,
  formatOutcomeRow,
  type OutcomeRow,
} from '../../src/contract/index.ts'
import { readLines } from '../../src/contract/outcomes/read-lines.ts'
import { goodRow, jsonl } from './support/outcome-rows.ts'

const dir = mkdtempSync(join(tmpdir(), 'agenttwin-outcome-input-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function check(lines: string[]) {
  const rows: OutcomeRow[] = []
  const malformed: { line: number; reason: string }[] = []
  const summary = await checkOutcomeLines(lines, {
    onRow: (row) => rows.push(row),
    onMalformed: (m) => malformed.push(m),
  })
  return { rows, malformed, summary }
}

async function checkBytes(bytes: Buffer, options = {}) {
  const file = join(dir, `rows-${Math.abs(bytes.length)}-${bytes[0]}.jsonl`)
  writeFileSync(file, bytes)
  const malformed: { line: number; reason: string }[] = []
  const summary = await checkOutcomeFile(file, {
    ...options,
    onMalformed: (m) => malformed.push(m),
  })
  return { malformed, summary }
}

describe("the source's own vocabulary", () => {
  it('reads execution_status pass and fail as executed and not executed', async () => {
    const { rows, summary } = await check(
      jsonl([
        goodRow({ execution_status: 'pass' }),
        goodRow({ operation_id: 'op-2', execution_status: 'fail', commit_status: 'rejected' }),
      ]),
    )
    expect(rows.map((row) => row.check.verdicts.execution_ok)).toEqual(['pass', 'fail'])
    expect(rows[0]!.check.passed).toBe(true)
    expect(summary.passed).toBe(1)
  })

  it('answers a word outside the vocabulary with an error listing what is accepted', async () => {
    const { rows, summary } = await check(
      jsonl([
        goodRow({ execution_status: 'maybe' }),
        goodRow({ operation_id: 'op-2', commit_status: 'done-ish' }),
      ]),
    )
    expect(rows[0]!.problems).toEqual([
      expect.stringMatching(
        /^execution_status "maybe" is not a known value; use one of: pass \| passed .*unknown/,
      ),
    ])
    expect(rows[1]!.problems[0]).toMatch(
      /^commit_status "done-ish" is not a known value; use one of: committed \| rejected \| pending \| partial \| not_attempted \| unknown$/,
    )
    expect(rows.every((row) => !row.check.passed)).toBe(true)
    expect(formatOutcomeRow(rows[0]!)).toMatchInlineSnapshot(`
      "line 1: trace trace-7f3a, run run-2026-02-02-01, operation op-81c2, attempt 1 (first attempt of its operation), contract refund-order, entity:be6830f0c93f873c
        execution_ok unknown, state_ok pass, claim_ok pass, evidence_complete true
        - execution_ok unknown: execution_status is missing or not usable: nothing says the call executed
        - data errors: execution_status "maybe" is not a known value; use one of: pass | passed | success | succeeded | ok | executed | done | completed | accepted (executed); fail | failed | failure | error | rejected | not_executed | skipped (not executed); unknown | timeout | timed_out | indeterminate (unknown)"
    `)
    expect(summary.ok).toBe(false)
  })
})

describe('data errors fail their row', () => {
  it('fails the same operation and attempt recorded twice, naming the first line', async () => {
    const { rows, summary } = await check(
      jsonl([goodRow(), goodRow({ trace_id: 'trace-other' }), goodRow({ attempt: 2 })]),
    )
    expect(rows.map((row) => row.check.passed)).toEqual([true, false, true])
    expect(rows[1]!.problems[0]).toMatch(
      /^operation_id and attempt 1 were already recorded at line 1/,
    )
    expect(summary).toMatchObject({ duplicates: 1, failed: 1, ok: false })
  })

  it('does not accept a state given as a bare string', async () => {
    const { rows } = await check(
      jsonl([goodRow({ expected_state: 'refunded', observed_state: 'refunded' })]),
    )
    const [row] = rows
    expect(row!.check.passed).toBe(false)
    expect(row!.check.verdicts.state_ok).toBe('unknown')
    expect(row!.problems).toEqual([
      'expected_state is string, not a JSON object: give the state as an object of its fields',
      'observed_state is string, not a JSON object: give the state as an object of its fields',
    ])
  })
})

describe('reading the file', () => {
  const good = JSON.stringify(goodRow())

  it('reports invalid UTF-8 with its line and column and still checks the other rows', async () => {
    const bad = Buffer.concat([
      Buffer.from('{"trace_id":"tr'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`"}\n`),
    ])
    const second = JSON.stringify(goodRow({ operation_id: 'op-2' }))
    const { malformed, summary } = await checkBytes(
      Buffer.concat([Buffer.from(`${good}\n`), bad, Buffer.from(`${second}\r\n`)]),
    )
    expect(malformed).toEqual([
      { line: 2, reason: 'not valid UTF-8 at column 16 (byte 16); save the file as UTF-8' },
    ])
    expect(summary).toMatchObject({ rows: 2, passed: 2, malformed: 1, ok: false })
  })

  it('refuses a line over the limit without holding it, and reads on', async () => {
    const huge = `{"trace_id":"${'x'.repeat(5000)}"}`
    const { malformed, summary } = await checkBytes(Buffer.from(`${huge}\n${good}\n`), {
      maxLineBytes: 1000,
    })
    expect(malformed).toEqual([
      {
        line: 1,
        reason: `line too long (${huge.length} bytes, more than the limit of 1000); one outcome record per line, or raise --max-line-bytes`,
      },
    ])
    expect(summary).toMatchObject({ rows: 1, passed: 1, malformed: 1 })
  })

  it('reads a last line without a newline', async () => {
    const body = `${good}\n${JSON.stringify(goodRow({ operation_id: 'op-2' }))}`
    const { summary } = await checkBytes(Buffer.from(body), { maxLineBytes: 100_000 })
    expect(summary).toMatchObject({ rows: 2, passed: 2, malformed: 0, ok: true })
  })

  it('joins lines and multi-byte characters split across chunks', async () => {
    const bytes = Buffer.from('ab€\r\n\ncd\n€')
    async function* oneByteAtATime() {
      for (const byte of bytes) yield Uint8Array.of(byte)
    }
    const lines = []
    for await (const line of readLines(oneByteAtATime(), 6)) lines.push(line)
    expect(lines).toEqual([{ text: 'ab€' }, { text: '' }, { text: 'cd' }, { text: '€' }])
  })
})
