import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { threadId } from 'node:worker_threads'

// What one write takes: a large report goes out in chunks this size, never as one string.
const WRITE_CHUNK = 64 * 1024

/**
 * Writes the text `pieces` make, in order, to `file` (created or replaced),
 * in chunks: a large report is never one string in memory, and its bytes
 * pass through one reused buffer. The text goes to a file beside it first and
 * takes the name only once complete, so a reader never sees half of it, and
 * a piece that throws leaves the old file as it was.
 * @example
 * writeTextPieces('reports/agenttwin.html', htmlPieces(report))
 */
export function writeTextPieces(file: string, pieces: Iterable<string>): void {
  // Per process and thread: Vitest's `threads` pool runs several workers in one process.
  const partial = `${file}.${process.pid}-${threadId}.tmp`
  const fd = openSync(partial, 'w')
  let open = true
  try {
    const out = new ChunkedWriter(fd)
    for (const piece of pieces) out.write(piece)
    out.flush()
    closeSync(fd)
    open = false
    renameSync(partial, file)
  } catch (error) {
    // Nothing half-written stays behind, whether a piece, a write or the rename failed.
    if (open) closeSync(fd)
    rmSync(partial, { force: true })
    throw error
  }
}

/**
 * Encodes text into one buffer and writes it whenever it is full. A buffer
 * made per chunk would be memory outside the JavaScript heap that only a
 * garbage collection gives back: megabytes at the end of a large run.
 */
class ChunkedWriter {
  readonly #buffer = Buffer.allocUnsafe(WRITE_CHUNK)
  readonly #encoder = new TextEncoder()
  #used = 0

  constructor(readonly fd: number) {}

  write(text: string): void {
    let rest = text
    while (rest.length > 0) {
      // Whole characters only: a pair of surrogates is never split between two writes.
      const { read, written } = this.#encoder.encodeInto(rest, this.#buffer.subarray(this.#used))
      this.#used += written
      rest = rest.slice(read)
      if (rest.length > 0) this.flush()
    }
  }

  flush(): void {
    for (let offset = 0; offset < this.#used; ) {
      offset += writeSync(this.fd, this.#buffer, offset, this.#used - offset)
    }
    this.#used = 0
  }
}
