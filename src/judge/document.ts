import { readFile } from 'node:fs/promises'
import type { Document, LineCounter } from 'yaml'
import { type DocumentProblem, InvalidDocumentError } from '../core/errors.ts'
import { parseYamlTree } from '../schema/parse-yaml.ts'
import { decoded } from '../schema/read-source.ts'
import { yaml } from '../schema/yaml-lib.ts'
import { JudgeFileError } from './errors.ts'

export type DocumentPath = ReadonlyArray<string | number>

/** A YAML or JSON file parsed with positions, so problems can name file:line:col. */
export interface PositionedDocument {
  file: string
  value: unknown
  doc: Document.Parsed
  lines: LineCounter
}

/**
 * Reads a YAML or JSON file (JSON is read as YAML, which it is). Syntax errors
 * become an `InvalidDocumentError` listing each one with its position.
 */
export async function readPositionedDocument(
  file: string,
  what: string,
): Promise<PositionedDocument> {
  let bytes: Uint8Array
  try {
    bytes = await readFile(file)
  } catch (error) {
    throw new JudgeFileError(`cannot read the ${what} file ${file}: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const read = decoded(file, bytes)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  return parsePositionedDocument(file, read.source)
}

/**
 * Parses text already in memory; see `readPositionedDocument`. It goes
 * through the documents' own loader, so nesting depth, alias bombs and
 * syntax errors are refused the same way, with their positions.
 */
export function parsePositionedDocument(file: string, text: string): PositionedDocument {
  const result = parseYamlTree(text, file)
  if (!result.ok) throw new InvalidDocumentError(result.problems)
  if (result.problems?.length) throw new InvalidDocumentError(result.problems)
  const { value, doc, lineCounter } = result.parsed
  return { file, value, doc, lines: lineCounter }
}

/**
 * A problem located at `path`: at the value when it exists, at the key itself when
 * `at` is `key`, else at the closest enclosing node.
 */
export function problemAt(
  document: PositionedDocument,
  path: DocumentPath,
  message: string,
  fix: string,
  at: 'value' | 'key' = 'value',
): DocumentProblem {
  const offset = offsetOf(document, path, at)
  const { line, col } = document.lines.linePos(offset)
  return {
    file: document.file,
    line: Math.max(line, 1),
    column: Math.max(col, 1),
    path: formatPath(path),
    message,
    fix,
  }
}

function offsetOf(document: PositionedDocument, path: DocumentPath, at: 'value' | 'key'): number {
  if (at === 'key' && path.length > 0) {
    const parent = document.doc.getIn(path.slice(0, -1), true)
    if (yaml().isMap(parent)) {
      const pair = parent.items.find(
        (item) =>
          yaml().isPair(item) && yaml().isScalar(item.key) && item.key.value === path.at(-1),
      )
      if (pair && yaml().isNode(pair.key) && pair.key.range) return pair.key.range[0]
    }
  }
  for (let depth = path.length; depth >= 0; depth--) {
    const node =
      depth === 0 ? document.doc.contents : document.doc.getIn(path.slice(0, depth), true)
    if (yaml().isNode(node) && node.range) return node.range[0]
  }
  return 0
}

/** `[2].note`, `criteria[0].examples[3].label`. */
export function formatPath(path: DocumentPath): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('')
}
