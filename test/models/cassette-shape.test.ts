import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCassette } from '../../src/models/cassette.ts'
import { scratchDir } from '../support/scratch-dir.ts'

const RECORDED = JSON.parse(
  readFileSync(
    'examples/llm-agent/cassettes/llm-order-status/llm-support@v1.cassette.json',
    'utf8',
  ),
)
const dir = scratchDir('agenttwin-cassette')

type Interaction = Record<string, Record<string, unknown>>

/** The committed cassette with its first interaction changed by `edit`, written and read back. */
function readEdited(edit: (first: Interaction) => void, text?: string) {
  const cassette = structuredClone(RECORDED)
  edit(cassette.interactions[0])
  const file = join(dir, 'edited.cassette.json')
  writeFileSync(file, text ?? JSON.stringify(cassette))
  return () => readCassette(file)
}

function deepArray(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`
}

describe('a cassette is checked before it is replayed', () => {
  it('reads the committed cassette as it is', () => {
    expect(readEdited(() => {})()?.interactions).toHaveLength(RECORDED.interactions.length)
  })

  it.each([
    ['no request', (i: Interaction) => delete i.request, 'interactions[0].request is missing'],
    ['status 99', (i: Interaction) => (i.response!.status = 99), 'response.status is 99'],
    ['status 600', (i: Interaction) => (i.response!.status = 600), 'response.status is 600'],
    ['a text status', (i: Interaction) => (i.response!.status = '200'), 'response.status is "200"'],
    [
      'a CRLF in a header value',
      (i: Interaction) => (i.response!.headers = { 'x-a': 'a\r\nSet-Cookie: b' }),
      'response.headers.x-a is "a\\r\\nSet-Cookie: b", expected a header value without CR, LF or NUL',
    ],
    [
      'a header name with a space',
      (i: Interaction) => (i.response!.headers = { 'x a': 'b' }),
      'which is not an HTTP header name',
    ],
    [
      'a body on a 204',
      (i: Interaction) => (i.response!.status = 204),
      'status 204 answers without one',
    ],
    ['a method with a space', (i: Interaction) => (i.request!.method = 'PO ST'), 'request.method'],
    ['a relative url', (i: Interaction) => (i.request!.url = '/v1/chat'), 'request.url'],
    ['usage as text', (i: Interaction) => (i.usage!.inputTokens = '12'), 'usage.inputTokens'],
    ['events not a list', (i: Interaction) => (i.response!.events = {}), 'response.events'],
  ])('refuses %s, naming the field', (_name, edit, expected) => {
    const read = readEdited(edit)
    expect(read).toThrowError(expect.objectContaining({ code: 'AGENTTWIN_INVALID_CASSETTE' }))
    expect(read).toThrowError(expected)
    expect(read).toThrowError('edited.cassette.json')
  })

  it('refuses a body 100,000 levels deep without overflowing the stack', () => {
    const text = JSON.stringify(RECORDED).replace('"chatcmpl-1"', deepArray(100_000))
    const read = readEdited(() => {}, text)
    expect(read).toThrowError('interactions[0] nests more than 64 levels deep')
  })

  it('refuses an interaction that is not an object, and a document that is not a cassette', () => {
    expect(
      readEdited(() => {}, '{"schema":"agenttwin/cassette.v1","interactions":[null]}'),
    ).toThrowError('interactions[0] is null, expected an object')
    expect(readEdited(() => {}, '[]')).toThrowError('is not an agenttwin/cassette.v1 document')
  })
})
