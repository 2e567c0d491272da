import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { CallRecord } from '../../src/core/call-record.ts'
import { RecordsFile } from '../../src/mcp/records-file.ts'

const dir = mkdtempSync(join(tmpdir(), 'agenttwin-records-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function record(seq: number): CallRecord {
  return { seq, tool: 'refund_payment', args: { order_id: `ORD-${seq}` } } as unknown as CallRecord
}

describe('the --records file of a stdio server', () => {
  it('is JSON after every call, each record appended behind the ones before', () => {
    const file = join(dir, 'records.json')
    const records = new RecordsFile(file, 'payments')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      twin: 'payments',
      records: [],
      state: null,
    })
    let before = ''
    for (let seq = 1; seq <= 50; seq++) {
      records.append(record(seq))
      const text = readFileSync(file, 'utf8')
      const written = JSON.parse(text) as { records: CallRecord[]; state: unknown }
      expect(written.records.map((entry) => entry.seq)).toEqual(
        Array.from({ length: seq }, (_, index) => index + 1),
      )
      expect(written.state).toBeNull()
      // What was written for the earlier calls stays byte for byte: appended, not rewritten.
      const body = text.slice(0, text.lastIndexOf('\n]'))
      expect(body.startsWith(before)).toBe(true)
      expect(body.split('\n')).toHaveLength(seq + 1)
      before = body
    }
    records.close({ orders: { 'ORD-1': { refund_count: 1 } } })
    records.close({ ignored: true })
    const final = JSON.parse(readFileSync(file, 'utf8'))
    expect(final.records).toHaveLength(50)
    expect(final.state).toEqual({ orders: { 'ORD-1': { refund_count: 1 } } })
  })

  it('holds the state of a session without calls', () => {
    const file = join(dir, 'empty.records.json')
    const records = new RecordsFile(file, 'payments')
    records.close({ a: 1 })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      twin: 'payments',
      records: [],
      state: { a: 1 },
    })
  })
})
