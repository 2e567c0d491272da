/**
 * YAML parsing in memory proportional to the text. The YAML library builds a
 * double-quoted scalar's value one character at a time, which costs tens of
 * bytes per character: a 40 MB string took gigabytes. A long double-quoted
 * key or value on one line means its text between the quotes with YAML's
 * escapes decoded, so it goes to the library as an empty stand-in (`""` placed at the
 * end of its text, so every offset after it stays true) and its value and
 * start are put back once the document is composed. Everything else is the
 * library's own reading, errors and positions included.
 */
import type { CST, Document, DocumentOptions, ParseOptions, SchemaOptions } from 'yaml'
import { yaml } from './yaml-lib.ts'

/** Shorter double-quoted values go through the library as they are. */
const LONG_SCALAR = 64 * 1024

type Options = ParseOptions & DocumentOptions & SchemaOptions

/**
 * `parseDocument` of the YAML library (one document; a second is an error),
 * in memory proportional to the text however long its strings are.
 * @example
 * composeDocument(`text: "${'a'.repeat(1e7)}"`, { lineCounter }).toJS().text.length // 10000000
 */
export function composeDocument(source: string, options: Options): Document.Parsed {
  const long = new Map<number, LongScalar>()
  const composer = new (yaml().Composer)(options)
  const parser = new (yaml().Parser)(options.lineCounter?.addNewLine)
  let doc: Document.Parsed | undefined
  // A text shorter than a long scalar holds none: its tokens go to the library unvisited.
  const tokens =
    source.length < LONG_SCALAR ? parser.parse(source) : shortened(parser.parse(source), long)
  for (const next of composer.compose(tokens, true, source.length)) {
    if (!doc) doc = next
    else {
      doc.errors.push(
        new (yaml().YAMLParseError)(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      )
      break
    }
  }
  // compose(…, true) always ends with a document, an empty one for an empty text.
  if (long.size > 0) restore(doc!, long)
  return doc!
}

/** A long value's text and where it starts, by the offset of its stand-in. */
interface LongScalar {
  start: number
  text: string
}

/** The tokens, each long plain double-quoted key or value swapped for `""` at its closing quote. */
function* shortened(tokens: Iterable<CST.Token>, long: Map<number, LongScalar>) {
  for (const token of tokens) {
    if (token.type === 'document') {
      yaml().CST.visit(token, (item) => {
        // A tag would read the stand-in; a key or value with one stays with the library.
        const props = [...item.start, ...('sep' in item && item.sep ? item.sep : [])]
        if (props.some((prop) => prop.type === 'tag')) return
        for (const scalar of [item.key, item.value]) {
          if (scalar?.type === 'double-quoted-scalar') shorten(scalar, long)
        }
      })
    }
    yield token
  }
}

function shorten(scalar: CST.FlowScalar, long: Map<number, LongScalar>): void {
  const source = scalar.source
  if (source.length < LONG_SCALAR || !source.endsWith('"')) return
  const inner = source.slice(1, -1)
  // A line break folds (the library's reading); a bad escape is the library's error to report.
  if (/[\r\n]/.test(inner)) return
  const text = inner.includes('\\') ? unescaped(inner) : inner
  if (text === undefined) return
  const standIn = scalar.offset + source.length - 2
  long.set(standIn, { start: scalar.offset, text })
  scalar.offset = standIn
  scalar.source = '""'
}

/** YAML's escapes of one character in a double-quoted scalar. */
const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  '\t': '\t',
}

const ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))/gs

/** The text of a one-line double-quoted scalar's inside, or undefined at an escape YAML refuses. */
function unescaped(inner: string): string | undefined {
  // Joined a few thousand pieces at a time: the text is held about once, never piece by piece.
  const chunks: string[] = []
  let parts: string[] = []
  let at = 0
  ESCAPE.lastIndex = 0
  for (let match = ESCAPE.exec(inner); match; match = ESCAPE.exec(inner)) {
    const decoded = decode(match)
    if (decoded === undefined) return undefined
    parts.push(inner.slice(at, match.index), decoded)
    at = ESCAPE.lastIndex
    if (parts.length >= 4096) {
      chunks.push(parts.join(''))
      parts = []
    }
  }
  parts.push(inner.slice(at))
  chunks.push(parts.join(''))
  return chunks.join('')
}

function decode([, x, u, big, one]: RegExpExecArray): string | undefined {
  const hex = x ?? u ?? big
  if (hex !== undefined) {
    const code = Number.parseInt(hex, 16)
    return code <= 0x10ffff ? String.fromCodePoint(code) : undefined
  }
  return one !== undefined && Object.hasOwn(ESCAPES, one) ? ESCAPES[one] : undefined
}

/** Puts each long text back in its scalar, and the scalar's start (and its problems') at its opening quote. */
function restore(doc: Document.Parsed, long: Map<number, LongScalar>): void {
  yaml().visit(doc, {
    Scalar(_key, node) {
      const found = node.range ? long.get(node.range[0]) : undefined
      if (!found || !yaml().isScalar(node) || node.type !== yaml().Scalar.QUOTE_DOUBLE) return
      node.value = found.text
      node.source = found.text
      node.range = [found.start, node.range![1], node.range![2]]
    },
  })
  // A problem with the long scalar itself (a key too long to be implicit) starts where it does.
  for (const problem of [...doc.errors, ...doc.warnings]) {
    const found = long.get(problem.pos[0])
    if (found) problem.pos[0] = found.start
  }
}
