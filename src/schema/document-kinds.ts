import { resolve } from 'node:path'
import { type DocumentProblem, InvalidDocumentError } from '../core/errors.ts'
import { type DocumentKind, kindOfApiVersion } from './api-versions.ts'
import { toProblems } from './issue.ts'
import { inspectAttack } from './parse-attack.ts'
import { inspectContract } from './parse-contract.ts'
import { loadScenarioSync } from './parse-scenario.ts'
import { inspectTwin } from './parse-twin.ts'
import { parseYamlSource } from './parse-yaml.ts'
import { readSource } from './read-source.ts'

/**
 * How each kind of document is validated as a file, every problem returned
 * (never thrown). A new kind (`apiVersion` in `api-versions.ts`) adds one line.
 */
export const DOCUMENT_CHECKS: Readonly<
  Record<DocumentKind, (file: string, source: string) => DocumentProblem[]>
> = {
  twin: (file, source) => inspectTwin(source, file).problems,
  scenario: (file, source) => problemsOf(() => loadScenarioSync(file, { source })),
  contract: (file, source) => inspectContract(source, file).problems,
  attack: (file, source) => inspectAttack(source, file).problems,
}

/**
 * The kind of a document, from its `apiVersion`.
 * @throws InvalidDocumentError when the text is not a YAML mapping or names no known apiVersion.
 * @example
 * detectDocumentKind('apiVersion: agenttwin/twin.v1\n...', 'payments.yaml') // 'twin'
 */
export function detectDocumentKind(text: string, file: string): DocumentKind {
  const result = parseYamlSource(text, file)
  if (!result.ok) throw new InvalidDocumentError(result.problems)
  const found = kindOfApiVersion(result.parsed.value)
  if (found.issue) throw new InvalidDocumentError(toProblems(result.parsed, [found.issue]))
  return found.kind
}

/**
 * Validates one file of any kind: what it is (when that can be told) and every
 * problem, the problems of files it refers to (a scenario's twin) included.
 * @example
 * const { kind, problems } = await validateDocumentFile('examples/demo-co/twins/demo-co.twin.yaml')
 */
export async function validateDocumentFile(
  file: string,
): Promise<{ kind?: DocumentKind; problems: DocumentProblem[] }> {
  const path = resolve(file)
  const read = await readSource(path)
  if (read.problem) return { problems: [read.problem] }
  let kind: DocumentKind
  try {
    kind = detectDocumentKind(read.source, path)
  } catch (error) {
    return {
      problems: problemsOf(() => {
        throw error
      }),
    }
  }
  return { kind, problems: DOCUMENT_CHECKS[kind](path, read.source) }
}

function problemsOf(run: () => unknown): DocumentProblem[] {
  try {
    run()
    return []
  } catch (error) {
    if (error instanceof InvalidDocumentError) return error.problems
    throw error
  }
}
