import type { DocumentProblem } from '../errors.ts'
import { ajvIssues } from './ajv-issues.ts'
import { type DocumentKind, expectKind } from './api-versions.ts'
import { type Issue, toProblems } from './issue.ts'
import { type ParsedSource, parseYamlSource } from './parse-yaml.ts'
import { documentValidator } from './validators.ts'

/** Everything found in one document: its problems, and the document when there are none. */
export interface Inspection<T> {
  parsed?: ParsedSource
  /** Set only when `problems` is empty. */
  document?: T
  problems: DocumentProblem[]
}

/**
 * Parses, checks the `apiVersion`, validates against the kind's JSON Schema and
 * runs the kind's semantic checks, collecting every problem on the way.
 * @example
 * inspectDocument<TwinDocument>(source, 'twin.yaml', 'twin', twinIssues)
 */
export function inspectDocument<T>(
  source: string,
  file: string,
  kind: DocumentKind,
  semanticIssues: (value: Record<string, unknown>) => Issue[],
): Inspection<T> {
  const result = parseYamlSource(source, file)
  if (!result.ok) return { problems: result.problems }
  const { parsed } = result
  const kindIssues = expectKind(parsed.value, kind)
  const otherKind = kindIssues.length > 0 && /^this is a /.test(kindIssues[0]!.message)
  const issues = [...kindIssues]
  if (!otherKind) {
    const validate = documentValidator(kind)
    if (!validate(parsed.value)) {
      const errors = (validate.errors ?? []).filter(
        (error) =>
          error.instancePath !== '/apiVersion' &&
          !(error.keyword === 'required' && error.params.missingProperty === 'apiVersion'),
      )
      issues.push(...ajvIssues(errors, parsed.value))
    }
    issues.push(...semanticIssues(parsed.value))
  }
  const problems = toProblems(parsed, issues)
  return problems.length > 0
    ? { parsed, problems }
    : { parsed, problems, document: parsed.value as T }
}
