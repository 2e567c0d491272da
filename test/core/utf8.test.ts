import { describe, expect, it } from 'vitest'
import { decodeUtf8, locateInvalidUtf8, withoutByteOrderMark } from '../../src/core/utf8.ts'

describe('strict UTF-8', () => {
  it('decodes well-formed text of every sequence length', () => {
    const text = 'a é € 😀'
    expect(decodeUtf8(Buffer.from(text))).toEqual({ text })
  })

  it.each([
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['an overlong two-byte form', [0x61, 0x62, 0xc0, 0xaf], 2],
    ['a surrogate', [0xed, 0xa0, 0x80], 0],
    ['a truncated sequence at the end', [0x61, 0xe2, 0x82], 1],
    ['a byte that never occurs', [0xff], 0],
    ['a code point beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
  ])('rejects %s at its offset', (_name, bytes, offset) => {
    const result = decodeUtf8(Uint8Array.from(bytes))
    expect(result).toEqual({ error: { offset, line: 1, column: offset + 1 } })
  })

  it('counts lines and columns in characters, not bytes', () => {
    const bytes = Buffer.concat([Buffer.from('ok\n€€'), Buffer.from([0xfe])])
    expect(locateInvalidUtf8(bytes)).toEqual({ offset: 9, line: 2, column: 3 })
  })
})

describe('a byte-order mark', () => {
  it('is dropped at the start of a file and kept anywhere else', () => {
    const marked = Buffer.from('\uFEFFa\n\uFEFFb')
    expect(decodeUtf8(marked)).toEqual({ text: 'a\n\uFEFFb' })
    expect(decodeUtf8(marked, { fileStart: false })).toEqual({ text: '\uFEFFa\n\uFEFFb' })
    expect(withoutByteOrderMark('\uFEFF{}')).toBe('{}')
  })
})
