import { describe, expect, it } from 'vitest'
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
