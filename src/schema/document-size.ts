import type { DocumentProblem } from '../core/errors.ts'
import { LimitExceededError, resourceLimit } from '../core/limits.ts'

/**
 * A document over the size limit, as a problem at its first line: parsing it
 * would cost far more memory than its size (the YAML library decodes a quoted
 * string a character at a time). `bytes` when the caller knows them.
 */
export function documentTooLarge(
  source: string | undefined,
  file: string,
  bytes = source === undefined ? 0 : source.length,
): DocumentProblem | undefined {
  const max = resourceLimit('documentBytes')
  // Characters never outnumber bytes; count the bytes only when it can matter.
  const size = source !== undefined && bytes * 3 > max ? Buffer.byteLength(source) : bytes
  if (size <= max) return undefined
  const error = new LimitExceededError('documentBytes', 'The file', size, max)
  return {
    file,
    line: 1,
    column: 1,
    path: '',
    message: error.problem.replace(/\.$/, ''),
    fix: error.fix,
  }
}
