import type { Document, LineCounter, Node, YAMLError } from 'yaml'
import type { DocumentProblem } from '../core/errors.ts'
import { resourceLimit } from '../core/limits.ts'
import { documentTooLarge } from './document-size.ts'
import { duplicateKeys } from './duplicate-keys.ts'
import { type FieldPath, formatFieldPath } from './field-path.ts'
import { composeDocument } from './long-scalars.ts'
import { findTooDeep } from './nesting.ts'
import { isJsonFile, readJsonDocument } from './parse-json.ts'
import { yaml } from './yaml-lib.ts'
import {
  findFirstAlias,
  findNonFiniteNumber,
  findSelfReference,
  offsetOf,
  pathAtOffset,
} from './yaml-nodes.ts'

/**
 * Aliases may expand to at most this many nodes; a "billion laughs" document
 * (aliases of aliases) stops here instead of eating the memory.
 */
export const MAX_ALIAS_COUNT = 100

/** A YAML or JSON text parsed with positions kept, ready to point at any field. */
export interface ParsedTree<Value = unknown> {
  file: string
  source: string
  /** The plain JSON value of the document. */
  value: Value
  /** The YAML node tree the value came from. */
  root: Node
  /** The parsed YAML document, for callers that walk its nodes. */
  doc: Document.Parsed
  /** Turns an offset of `source` into a line and column. */
  lineCounter: LineCounter
  /** Where a field is; falls back to the nearest existing parent. */
  locate(path: FieldPath, at?: 'key' | 'value'): { line: number; column: number }
}

/**
 * A document that is a mapping, ready to point at any field. A `.json`
 * document read by `JSON.parse` keeps no YAML tree: positions are found when
 * a problem asks for one.
 */
export type ParsedSource = Pick<
  ParsedTree<Record<string, unknown>>,
  'file' | 'source' | 'value' | 'locate'
>

export type ParseResult<Parsed = ParsedSource> =
  | {
      ok: true
      parsed: Parsed
      /** Problems found while reading that still left a readable document (e.g. nesting too deep). */
      problems?: DocumentProblem[]
    }
  | { ok: false; problems: DocumentProblem[] }

/** A field path in a message is cut after this many segments: the place, not a 2 KB trail. */
const MAX_SHOWN_PATH = 12

const SYNTAX_FIXES: Partial<Record<YAMLError['code'], string>> = {
  DUPLICATE_KEY: 'keep one of the two entries with this key (or rename one)',
  BAD_INDENT:
    'indent nested entries with spaces, the same amount for siblings, and close every `[` or `{` opened before this point',
  TAB_AS_INDENT: 'indent with spaces; YAML does not allow tabs for indentation',
  MULTIPLE_DOCS: 'keep one document per file (remove the second `---` and what follows)',
  TAG_RESOLVE_FAILED:
    'remove the `!` tag: documents are data only, nothing in them is executed or constructed',
  MISSING_CHAR: 'close the bracket or quote that was opened before this position',
  BAD_ALIAS: 'define the anchor (`&name`) before its alias (`*name`)',
}

const GENERIC_SYNTAX_FIX =
  'fix the YAML syntax at this position (quote a string that contains `: `, `#` or starts with a special character)'

/**
 * Parses YAML (or JSON, which YAML reads too) with line/column tracking; a
 * `.json` file that is plain valid JSON is read by `JSON.parse` instead.
 * Syntax errors, duplicate keys, alias bombs, empty documents and roots that
 * are not a mapping come back as problems, never as exceptions.
 * @example
 * const result = parseYamlSource('a: 1', 'twin.yaml')
 * if (result.ok) result.parsed.locate(['a']) // { line: 1, column: 4 }
 */
export function parseYamlSource(source: string, file: string): ParseResult {
  if (isJsonFile(file) && !documentTooLarge(source, file)) {
    // Linear in the text; anything it does not accept is read below, with every problem located.
    const json = readJsonDocument(source, file, resourceLimit('depth'))
    if (json) return { ok: true, parsed: json }
  }
  return parseGuarded(source, file, 'mapping') as ParseResult
}

/**
 * Parses a YAML or JSON text whose root may be any value (a list of labels,
 * say), with the same guards as `parseYamlSource`: nesting depth, alias
 * bombs, self-referencing aliases, duplicate keys and syntax errors come back
 * as located problems, never as exceptions. Every YAML file AgentTwin reads
 * goes through one of the two.
 * @example
 * const result = parseYamlTree('- a\n- b', 'labels.yaml')
 * if (result.ok) result.parsed.value // ['a', 'b']
 */
export function parseYamlTree(source: string, file: string): ParseResult<ParsedTree> {
  return parseGuarded(source, file, 'any')
}

function parseGuarded(
  source: string,
  file: string,
  root: 'mapping' | 'any',
): ParseResult<ParsedTree> {
  const tooLarge = documentTooLarge(source, file)
  if (tooLarge) return { ok: false, problems: [tooLarge] }
  const maxDepth = resourceLimit('depth')
  // Nesting past the limit is blanked out first: the parser recurses, and the
  // rest of the document must still be read so its own problems are named.
  const deep = findTooDeep(source, maxDepth)
  const result = parseReadable(deep?.masked ?? source, file, root)
  if (!deep) return result
  const problem: DocumentProblem = {
    file,
    ...positionIn(source, deep.offset),
    path: result.ok ? formatShownPath(pathAtOffset(result.parsed.root, deep.offset)) : '',
    message: `values are nested more than ${maxDepth} levels deep here`,
    fix: `flatten the value; no field of a document needs more than ${maxDepth} levels (or raise AGENTTWIN_MAX_DEPTH)`,
  }
  if (!result.ok) return { ok: false, problems: [problem, ...result.problems] }
  return { ok: true, parsed: { ...result.parsed, source }, problems: [problem] }
}

function parseReadable(
  source: string,
  file: string,
  rootKind: 'mapping' | 'any',
): ParseResult<ParsedTree> {
  const lineCounter = new (yaml().LineCounter)()
  const doc = composeDocument(source, {
    lineCounter,
    // Checked below in one pass: the library's own check is quadratic in a mapping's keys.
    uniqueKeys: false,
    strict: true,
    // `!!timestamp`, `!!binary`, `!!set` would build non-JSON values; unresolved, they are reported.
    resolveKnownTags: false,
  })
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  const problemAt = (offset: number, path: FieldPath, message: string, fix: string) => ({
    file,
    ...position(offset),
    path: formatShownPath(path),
    message,
    fix,
  })

  const yamlErrors = [...doc.errors, ...doc.warnings]
  if (yamlErrors.length > 0) {
    return {
      ok: false,
      problems: yamlErrors.map((error) =>
        problemAt(
          error.pos[0],
          pathAtOffset(doc.contents, error.pos[0]),
          describeYamlError(error),
          SYNTAX_FIXES[error.code] ?? GENERIC_SYNTAX_FIX,
        ),
      ),
    }
  }
  const duplicates = duplicateKeys(doc.contents)
  if (duplicates.length > 0) {
    return {
      ok: false,
      problems: duplicates.map(({ key, offset, firstOffset }) =>
        problemAt(
          offset,
          pathAtOffset(doc.contents, offset),
          `YAML error: Map keys must be unique; ${JSON.stringify(key)} is already a key of this mapping at line ${position(firstOffset).line}`,
          SYNTAX_FIXES.DUPLICATE_KEY!,
        ),
      ),
    }
  }
  const root = doc.contents ?? doc.createNode(null)
  const empty =
    doc.contents === null || (yaml().isScalar(root) && root.value === null && !root.source)
  if (rootKind === 'mapping' && empty) {
    return {
      ok: false,
      problems: [
        problemAt(0, [], 'the document is empty', 'start the file with `apiVersion: ...`'),
      ],
    }
  }
  if (rootKind === 'mapping' && !yaml().isMap(root)) {
    const found = yaml().isSeq(root)
      ? 'a list'
      : yaml().isScalar(root)
        ? 'a single value'
        : 'an alias'
    return {
      ok: false,
      problems: [
        problemAt(
          root.range?.[0] ?? 0,
          [],
          `the document must be a mapping of \`key: value\` entries, found ${found}`,
          'start the file with `apiVersion: ...` and write the fields as `key: value` lines',
        ),
      ],
    }
  }

  const notJson = findNonFiniteNumber(root)
  if (notJson) {
    return {
      ok: false,
      problems: [
        problemAt(
          notJson.range?.[0] ?? 0,
          pathAtOffset(root, notJson.range?.[0] ?? 0),
          `${String(notJson.source ?? notJson.value)} is not a JSON number`,
          'write a finite number, or quote it to keep it as text',
        ),
      ],
    }
  }

  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch (error) {
    const firstAlias = findFirstAlias(doc.contents)
    const excessive = error instanceof ReferenceError && /alias count/i.test(error.message)
    return {
      ok: false,
      problems: [
        problemAt(
          firstAlias?.range?.[0] ?? 0,
          firstAlias ? pathAtOffset(doc.contents, firstAlias.range?.[0] ?? 0) : [],
          excessive
            ? `aliases expand to more than ${MAX_ALIAS_COUNT} nodes (an alias bomb)`
            : `the document cannot be read: ${error instanceof Error ? error.message : String(error)}`,
          excessive
            ? 'write the repeated values out, or use fewer nested aliases'
            : GENERIC_SYNTAX_FIX,
        ),
      ],
    }
  }

  const cycle = findSelfReference(doc)
  if (cycle) {
    const offset = cycle.range?.[0] ?? 0
    return {
      ok: false,
      problems: [
        problemAt(
          offset,
          pathAtOffset(root, offset),
          `the alias *${cycle.source} refers to its own anchor, so the value would never end`,
          'write the value out, or point the alias at an anchor outside it',
        ),
      ],
    }
  }

  return {
    ok: true,
    parsed: {
      file,
      source,
      root,
      doc,
      lineCounter,
      value,
      locate: (path, at = 'value') => position(offsetOf(root, path, at)),
    },
  }
}

function formatShownPath(path: FieldPath): string {
  if (path.length <= MAX_SHOWN_PATH) return formatFieldPath(path)
  return `${formatFieldPath(path.slice(0, MAX_SHOWN_PATH))}… (${path.length} levels)`
}

function positionIn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}

/** The library's words where they speak to its own API's caller, not to the document's author. */
const SYNTAX_MESSAGES: Partial<Record<YAMLError['code'], string>> = {
  MULTIPLE_DOCS: 'the file holds more than one YAML document (a second `---` starts another)',
}

function describeYamlError(error: YAMLError): string {
  const firstLine = error.message.split('\n')[0] ?? error.message
  const text = SYNTAX_MESSAGES[error.code] ?? firstLine.replace(/ at line \d+, column \d+:?$/, '')
  return `YAML ${error.name === 'YAMLWarning' ? 'warning' : 'error'}: ${text}`
}
