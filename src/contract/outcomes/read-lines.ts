import { BYTE_ORDER_MARK, decodeUtf8 } from '../../core/utf8.ts'

/** One line of a JSON Lines file: its text, or why it cannot be read. */
export type ReadLine = { text: string } | { problem: string }

/** The longest line read by default: far beyond any outcome record, far below what exhausts memory. */
export const DEFAULT_MAX_LINE_BYTES = 1024 * 1024

/**
 * Splits a byte stream into lines with back-pressure (one line is read
 * only when the previous one was taken), decoding each line as strict UTF-8.
 * A line longer than `maxLineBytes` is skipped without being held in memory
 * and reported as too long; one that is not UTF-8 names the column where it
 * stops being so.
 * @example
 * for await (const line of readLines(createReadStream('outcomes.jsonl'))) ...
 */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array>,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): AsyncGenerator<ReadLine> {
  let parts: Buffer[] = []
  let size = 0
  let tooLong = false
  let first = true
  const finish = (): ReadLine => {
    const line = tooLong
      ? { problem: tooLongProblem(size, maxLineBytes) }
      : decoded(stripCarriageReturn(Buffer.concat(parts, size)), first)
    first = false
    parts = []
    size = 0
    tooLong = false
    return line
  }
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let start = 0
    while (start <= bytes.length) {
      const end = bytes.indexOf(0x0a, start)
      const piece = bytes.subarray(start, end === -1 ? bytes.length : end)
      size += piece.length
      if (size > maxLineBytes) {
        tooLong = true
        parts = []
      } else if (!tooLong && piece.length > 0) parts.push(Buffer.from(piece))
      if (end === -1) break
      yield finish()
      start = end + 1
    }
  }
  if (size > 0 || tooLong) yield finish()
}

/** A line's text; only the file's first line may start with a byte-order mark, which is dropped. */
function decoded(bytes: Buffer, fileStart: boolean): ReadLine {
  const result = decodeUtf8(bytes, { fileStart })
  if ('text' in result) {
    if (!result.text.startsWith(BYTE_ORDER_MARK)) return result
    return {
      problem:
        'starts with a byte-order mark (U+FEFF), which only the start of a file may have; remove it (files joined with cat keep the marks of the later ones)',
    }
  }
  return {
    problem: `not valid UTF-8 at column ${result.error.column} (byte ${result.error.offset + 1}); save the file as UTF-8`,
  }
}

function stripCarriageReturn(bytes: Buffer): Buffer {
  return bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, -1) : bytes
}

function tooLongProblem(size: number, max: number): string {
  return `line too long (${size} bytes, more than the limit of ${max}); one outcome record per line, or raise --max-line-bytes`
}
