/**
 * Strict UTF-8: a byte sequence that is not UTF-8 is an error with its
 * position, never a silent U+FFFD that then reads as valid text.
 */

// ignoreBOM keeps every U+FEFF in the text: only the start of a file may drop one (`withoutByteOrderMark`).
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** U+FEFF, the byte-order mark some editors put at the start of a UTF-8 file. */
export const BYTE_ORDER_MARK = '\uFEFF'

/**
 * The text of a file without the byte-order mark some editors write at its
 * start: the one place every reader drops it, so a file saved "with BOM"
 * reads the same as one without. A U+FEFF anywhere else is kept (and is then
 * the reader's problem, never silently dropped).
 * @example
 * withoutByteOrderMark('\uFEFF{"a":1}') // '{"a":1}'
 */
export function withoutByteOrderMark(text: string): string {
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text
}

/** Where a byte sequence stops being UTF-8: its byte offset, and the 1-based line and column there. */
export interface Utf8Error {
  offset: number
  line: number
  column: number
}

/**
 * Decodes `bytes` strictly; on invalid UTF-8 returns where it starts instead.
 * The bytes are a file's start unless `fileStart` is false (a later line of
 * a file read line by line): there a leading byte-order mark is dropped.
 * @example
 * decodeUtf8(Buffer.from('ok')) // { text: 'ok' }
 * decodeUtf8(Buffer.from([0x61, 0xff])) // { error: { offset: 1, line: 1, column: 2 } }
 */
export function decodeUtf8(
  bytes: Uint8Array,
  options: { fileStart?: boolean } = {},
): { text: string } | { error: Utf8Error } {
  try {
    const text = strict.decode(bytes)
    return { text: options.fileStart === false ? text : withoutByteOrderMark(text) }
  } catch {
    return { error: locateInvalidUtf8(bytes) }
  }
}

/** The first byte that does not continue a well-formed UTF-8 sequence (RFC 3629), located. */
export function locateInvalidUtf8(bytes: Uint8Array): Utf8Error {
  let line = 1
  let column = 1
  let index = 0
  while (index < bytes.length) {
    const length = sequenceLength(bytes, index)
    if (length === 0) return { offset: index, line, column }
    if (bytes[index] === 0x0a) {
      line++
      column = 1
    } else column++
    index += length
  }
  return { offset: bytes.length, line, column }
}

/** The length of the well-formed sequence starting at `at`, or 0 when there is none. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const first = bytes[at]!
  if (first < 0x80) return 1
  let length: number
  let min: number
  let max: number
  if (first >= 0xc2 && first <= 0xdf) [length, min, max] = [2, 0x80, 0xbf]
  else if (first === 0xe0) [length, min, max] = [3, 0xa0, 0xbf]
  else if (first === 0xed) [length, min, max] = [3, 0x80, 0x9f]
  else if (first >= 0xe1 && first <= 0xef) [length, min, max] = [3, 0x80, 0xbf]
  else if (first === 0xf0) [length, min, max] = [4, 0x90, 0xbf]
  else if (first === 0xf4) [length, min, max] = [4, 0x80, 0x8f]
  else if (first >= 0xf1 && first <= 0xf3) [length, min, max] = [4, 0x80, 0xbf]
  else return 0
  if (at + length > bytes.length) return 0
  const second = bytes[at + 1]!
  if (second < min || second > max) return 0
  for (let next = 2; next < length; next++) {
    const byte = bytes[at + next]!
    if (byte < 0x80 || byte > 0xbf) return 0
  }
  return length
}
