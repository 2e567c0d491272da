import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import { checkedTwin } from '../../src/schema/checked-twin.ts'
import { parseTwin } from '../../src/schema/index.ts'
import { InvalidInputSchemaError } from '../../src/twin/errors.ts'
import { createTwin } from '../../src/twin/index.ts'
import { tool, twinDocument } from './support/documents.ts'

const readNote = tool(
  'read_note',
  { kind: 'read', target: 'notes.{note_id}' },
  { note_id: 'string' },
)
const misspelt = {
  ...tool('close_note', { kind: 'static', response: { status: 200, body: { ok: true } } }),
  // `requird` is not a JSON Schema keyword: strict mode refuses it.
  input: { type: 'object', requird: ['note_id'] },
}

describe("a twin's tool input schemas", () => {
  it('built in code, are all compiled when the twin is created, so a bad one fails there', () => {
    const document = twinDocument([readNote, misspelt], { notes: {} })
    expect(() => createTwin(document)).toThrow(InvalidInputSchemaError)
    expect(() => createTwin(document)).toThrow(/close_note/)
  })

  it('from the loader, check each call as a twin built in code does', () => {
    const built = twinDocument([readNote], { notes: { n1: { text: 'hi' } } })
    const loaded = parseTwin(JSON.stringify(built), 'notes.twin.json')
    for (const document of [built, loaded]) {
      const twin = createTwin(document)
      expect(twin.call({ tool: 'read_note', args: { note_id: 'n1' } }).record.status).toBe(200)
      const wrong = twin.call({ tool: 'read_note', args: { note_id: 7 } }).record
      expect(wrong.status).toBe(400)
      expect(wrong.response).toMatchObject({
        problems: [{ path: 'note_id', message: 'must be string' }],
      })
    }
  })

  it("prepared by the main process's loader, check each call with the same settings, without a second meta-schema check", () => {
    // A worker takes the twin the plugin's loader checked; nothing compiled these schemas in this process yet.
    const prepared = twinDocument(
      [
        {
          ...tool('read_memo', { kind: 'read', target: 'memos.{memo_id}' }),
          input: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            properties: { memo_id: { type: 'string', format: 'uuid' } },
            required: ['memo_id'],
          },
        },
      ],
      { memos: { '0b4c6a62-3c1e-4c1a-9d4e-8f3a2b1c0d9e': { text: 'hi' } } },
    )
    const twin = createTwin(checkedTwin(prepared))
    const call = (args: JsonObject) => twin.call({ tool: 'read_memo', args }).record
    expect(call({ memo_id: '0b4c6a62-3c1e-4c1a-9d4e-8f3a2b1c0d9e' }).status).toBe(200)
    expect(call({ memo_id: 'not-a-uuid' }).response).toMatchObject({
      problems: [{ path: 'memo_id', message: 'must match format "uuid"' }],
    })
    expect(call({}).status).toBe(400)
  })

  it('with the same $id in two twins, each checks against its own schema', () => {
    const withId = (type: string) => ({
      ...tool('read_note', { kind: 'read', target: 'notes.{note_id}' }),
      input: {
        $id: 'https://schemas.example/read-note',
        type: 'object',
        properties: { note_id: { type } },
      },
    })
    const notes = { notes: { n1: { text: 'hi' }, '7': { text: 'seven' } } }
    const byText = createTwin(twinDocument([withId('string')], notes))
    const byNumber = createTwin(twinDocument([withId('integer')], notes))
    expect(byText.call({ tool: 'read_note', args: { note_id: 'n1' } }).record.status).toBe(200)
    expect(byNumber.call({ tool: 'read_note', args: { note_id: 'n1' } }).record.status).toBe(400)
    expect(byNumber.call({ tool: 'read_note', args: { note_id: 7 } }).record.status).toBe(200)
  })
})
