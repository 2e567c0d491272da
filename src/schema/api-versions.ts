import type { FieldPath } from './field-path.ts'
import type { Issue } from './issue.ts'
import { didYouMean, listWords, showValue } from './suggest.ts'

/** The kinds of document AgentTwin reads. */
export type DocumentKind = 'twin' | 'scenario' | 'contract' | 'attack'

/**
 * Every supported `apiVersion` and the kind of document it starts. To add a
 * kind: one line here and one validator in `document-kinds.ts`.
 */
export const API_VERSIONS: Readonly<Record<string, DocumentKind>> = {
  'agenttwin/twin.v1': 'twin',
  'agenttwin/scenario.v1': 'scenario',
  'agenttwin/contract.v1': 'contract',
  'agenttwin/attack.v1': 'attack',
}

const API_VERSION_PATH: FieldPath = ['apiVersion']

/**
 * The kind a document's `apiVersion` names, or the issue explaining why it names none.
 * @example
 * kindOfApiVersion({ apiVersion: 'agenttwin/twin.v2' }) // { issue: { message: 'unknown apiVersion ...' } }
 */
export function kindOfApiVersion(
  document: Record<string, unknown>,
): { kind: DocumentKind; issue?: undefined } | { kind?: undefined; issue: Issue } {
  const supported = Object.keys(API_VERSIONS)
  const value = document.apiVersion
  if (value === undefined) {
    return {
      issue: {
        path: [],
        at: 'key',
        message: 'missing `apiVersion`: the document does not say what it is',
        fix: `add \`apiVersion:\` with one of ${listWords(supported)}`,
      },
    }
  }
  const kind = typeof value === 'string' ? API_VERSIONS[value] : undefined
  if (kind) return { kind }
  return {
    issue: {
      path: API_VERSION_PATH,
      message: `unknown apiVersion ${showValue(value)}; supported versions are ${listWords(supported)}`,
      fix: `use one of ${listWords(supported)}${typeof value === 'string' ? didYouMean(value, supported) : ''}`,
    },
  }
}

/**
 * The issue when a document is not of the expected kind (another kind, or an unknown version).
 * @example
 * expectKind({ apiVersion: 'agenttwin/scenario.v1' }, 'twin') // { message: 'this is a scenario document, not a twin', ... }
 */
export function expectKind(document: Record<string, unknown>, expected: DocumentKind): Issue[] {
  const found = kindOfApiVersion(document)
  if (found.issue) return [found.issue]
  if (found.kind === expected) return []
  const version = Object.entries(API_VERSIONS).find(([, kind]) => kind === expected)?.[0] ?? ''
  return [
    {
      path: API_VERSION_PATH,
      message: `this is a ${found.kind} document (${String(document.apiVersion)}), not a ${expected}`,
      fix: `point to a ${expected} file, or use \`apiVersion: ${version}\` if this file is meant to be one`,
    },
  ]
}
