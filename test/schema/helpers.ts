import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { type DocumentProblem, InvalidDocumentError } from '../../src/core/errors.ts'

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
