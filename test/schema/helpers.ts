import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { type DocumentProblem, formatProblem, InvalidDocumentError } from '../../src/core/errors.ts'
import { normaliseText } from '../support/normalise-text.ts'

/** Absolute path of a fixture document. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
}

/** The problems an `InvalidDocumentError` carries; fails the test when nothing (or something else) is thrown. */
export function problemsOf(run: () => unknown): DocumentProblem[] {
  let thrown: unknown
  try {
    run()
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(InvalidDocumentError)
  return (thrown as InvalidDocumentError).problems
}

/** Like `problemsOf`, for loaders that return a promise. */
export async function problemsOfAsync(run: () => Promise<unknown>): Promise<DocumentProblem[]> {
  const error = await run().then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(InvalidDocumentError)
  return (error as InvalidDocumentError).problems
}

/** `line:col path` of each problem, the part a person jumps to. */
export function where(problems: readonly DocumentProblem[]): string[] {
  return problems.map((problem) => `${problem.line}:${problem.column} ${problem.path}`)
}

/**
 * Each problem as a person reads it (`file:line:column message at path. Fix: ...`),
 * machine paths normalised, so a snapshot checks the whole line, not a fragment of it.
 */
export function shown(
  problems: readonly DocumentProblem[],
  dirs: Record<string, string> = {},
): string[] {
  return problems.map((problem) => normaliseText(formatProblem(problem), dirs))
}
