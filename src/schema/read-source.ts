import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { DocumentProblem } from '../core/errors.ts'

export type SourceResult =
  | { source: string; problem?: undefined }
  | { source?: undefined; problem: DocumentProblem }

/**
 * Reads a document's text; a file that cannot be read is a problem of that file.
 * @example
 * const read = readSourceSync('twin.yaml'); if (read.problem) ...
 */
export function readSourceSync(file: string): SourceResult {
  try {
    return { source: readFileSync(file, 'utf8') }
  } catch (error) {
    return { problem: unreadable(file, error) }
  }
}

/** Like `readSourceSync`, without blocking. */
export async function readSource(file: string): Promise<SourceResult> {
  try {
    return { source: await readFile(file, 'utf8') }
  } catch (error) {
    return { problem: unreadable(file, error) }
  }
}

function unreadable(file: string, error: unknown): DocumentProblem {
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
