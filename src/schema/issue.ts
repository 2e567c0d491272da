import type { DocumentProblem, ErrorCode } from '../core/errors.ts'
import { type FieldPath, formatFieldPath } from './field-path.ts'
import type { ParsedSource } from './parse-yaml.ts'

/**
 * A problem found in a parsed document, before it has a position. `at: 'key'`
 * points at the field's key (unknown or missing fields), else at its value.
 */
export interface Issue {
  path: FieldPath
  message: string
  fix: string
  at?: 'key' | 'value'
  /** The code the same problem has when the value is given in code (see `DocumentProblem.code`). */
  code?: ErrorCode
}

/**
 * Gives each issue its line and column in the source, sorted by position.
 * @example
 * toProblems(parsed, [{ path: ['tools', 0, 'risk'], message: 'bad risk', fix: 'use READ' }])
 */
export function toProblems(parsed: ParsedSource, issues: readonly Issue[]): DocumentProblem[] {
  const problems = issues.map((issue) => ({
    file: parsed.file,
    ...parsed.locate(issue.path, issue.at),
    path: formatFieldPath(issue.path),
    message: issue.message,
    fix: issue.fix,
    ...(issue.code ? { code: issue.code } : {}),
  }))
  return sortProblems(problems)
}

/** Sorts by file, then line, then column; keeps the order of equal positions. */
export function sortProblems(problems: readonly DocumentProblem[]): DocumentProblem[] {
  return [...problems].sort(
    (a, b) =>
      (a.file === b.file ? 0 : a.file < b.file ? -1 : 1) || a.line - b.line || a.column - b.column,
  )
}
