import { readFileSync, statSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { DocumentProblem } from '../core/errors.ts'
import { decodeUtf8 } from '../core/utf8.ts'
import { documentTooLarge } from './document-size.ts'

export type SourceResult =
  | { source: string; problem?: undefined }
  | {
      source?: undefined
      problem: DocumentProblem
      /** The file was read, and its bytes are the problem (not UTF-8): the problem is located in it. */
      inFile?: true
    }

/**
 * Reads a document's text, decoded as strict UTF-8; a file that cannot be
 * read, or whose bytes are not UTF-8, is a problem of that file.
 * @example
 * const read = readSourceSync('twin.yaml'); if (read.problem) ...
 */
export function readSourceSync(file: string): SourceResult {
  try {
    // Measured before it is read: a file far over the limit is never loaded.
    const tooLarge = documentTooLarge(undefined, file, statSync(file).size)
    if (tooLarge) return { problem: tooLarge }
    return decoded(file, readFileSync(file))
  } catch (error) {
    return { problem: unreadable(file, error) }
  }
}

/** Like `readSourceSync`, without blocking. */
export async function readSource(file: string): Promise<SourceResult> {
  try {
    const tooLarge = documentTooLarge(undefined, file, (await stat(file)).size)
    if (tooLarge) return { problem: tooLarge }
    return decoded(file, await readFile(file))
  } catch (error) {
    return { problem: unreadable(file, error) }
  }
}

/** The text of `bytes`, or where they stop being UTF-8 (a replacement character would hide it). */
export function decoded(file: string, bytes: Uint8Array): SourceResult {
  const result = decodeUtf8(bytes)
  if ('text' in result) return { source: result.text }
  const { line, column } = result.error
  return {
    inFile: true,
    problem: {
      file,
      line,
      column,
      path: '',
      message: `the file is not valid UTF-8 here (byte ${result.error.offset + 1})`,
      fix: 'save the file as UTF-8; a value that needs other characters can be written as JSON escapes such as "\\u00e9"',
    },
  }
}

/** The problem of a file that could not be read (missing, a directory, no permission). */
export function unreadable(file: string, error: unknown): DocumentProblem {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const missing = code === 'ENOENT'
  return {
    file,
    line: 1,
    column: 1,
    path: '',
    message: missing
      ? 'the file does not exist'
      : `the file cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`,
    fix: missing
      ? 'check the path and the working directory'
      : 'check that the path is a readable file',
  }
}
