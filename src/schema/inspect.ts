import type { DocumentProblem } from '../core/errors.ts'
import { ajvIssues } from './ajv-issues.ts'
import { type DocumentKind, expectKind } from './api-versions.ts'
import { type Issue, sortProblems, toProblems } from './issue.ts'
import { type ParsedSource, type ParseResult, parseYamlSource } from './parse-yaml.ts'
import { documentValidator } from './validators.ts'

/** Everything found in one document: its problems, and the document when there are none. */
export interface Inspection<T> {
  parsed?: ParsedSource
  /** Set only when `problems` is empty. */
  document?: T
  problems: DocumentProblem[]
}

/** A document checked against its kind, before further (cross-file) checks are added. */
export interface CheckedDocument {
  /** Absent when the text is not a readable YAML mapping. */
  parsed?: ParsedSource
  /** Problems that already have a position (YAML syntax, empty document). */
  problems: DocumentProblem[]
  /** Schema and semantic issues, still to be located in `parsed`. */
  issues: Issue[]
  /** The document is another kind altogether; nothing beyond `apiVersion` was checked. */
  otherKind: boolean
}

/**
 * Parses, checks the `apiVersion`, validates against the kind's JSON Schema and
 * runs the kind's semantic checks (which see the schema's issues, to avoid
 * saying one thing twice), collecting every problem on the way. `parse`:
 * the text's parse when the caller has it already (a `DocumentStore`'s).
 * @example
 * const checked = checkDocument(source, 'twin.yaml', 'twin', (value) => twinIssues(value))
 */
export function checkDocument(
  source: string,
  file: string,
  kind: DocumentKind,
  semanticIssues: (value: Record<string, unknown>, schemaIssues: readonly Issue[]) => Issue[],
  parse?: ParseResult,
): CheckedDocument {
  const result = parse ?? parseYamlSource(source, file)
  if (!result.ok) return { problems: result.problems, issues: [], otherKind: false }
  const { parsed } = result
  const early = result.problems ?? []
  const issues = expectKind(parsed.value, kind)
  const otherKind = issues.length > 0 && issues[0]!.message.startsWith('this is a ')
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
    issues.push(...semanticIssues(parsed.value, [...issues]))
  }
  return { parsed, problems: early, issues, otherKind }
}

/**
 * Locates the issues and adds the problems found elsewhere (e.g. in a twin
 * the scenario uses); the document is set only when nothing is wrong.
 * @example
 * const { document, problems } = finishInspection<TwinDocument>(checked)
 */
export function finishInspection<T>(
  checked: CheckedDocument,
  more: readonly DocumentProblem[] = [],
): Inspection<T> {
  const { parsed } = checked
  const own = parsed ? toProblems(parsed, checked.issues) : []
  const problems = [...sortProblems([...checked.problems, ...own]), ...more]
  if (!parsed || problems.length > 0) return { parsed, problems }
  return { parsed, problems, document: parsed.value as T }
}
