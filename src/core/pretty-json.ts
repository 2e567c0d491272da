/**
 * `JSON.stringify(value, null, 2)` in pieces. A run's report holds every
 * case's full records; as one string it is the largest allocation of a run's
 * end (tens of megabytes for a thousand paired cases), held while it is
 * written. In pieces, the writer holds one case's text at a time, and the
 * bytes are the same.
 */
import { writeTextPieces } from './write-pieces.ts'

/** Values JSON.stringify leaves out of an object (and writes as `null` in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol'
}

/** What JSON.stringify serialises in place of `value` under `key`: its `toJSON()` when it has one. */
function jsonOf(value: unknown, key: string): unknown {
  if (value !== null && typeof value === 'object') {
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') return toJSON.call(value, key)
  }
  return value
}

/** An array or a plain object to walk into; anything else (a boxed number too) is stringified whole. */
function container(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false
  return !(value instanceof Number || value instanceof String || value instanceof Boolean)
}

/**
 * The text of `JSON.stringify(value, null, 2)` as consecutive pieces: the
 * containers down to `split` levels are walked, each value below them is one
 * piece. Joined, the pieces are that text, byte for byte.
 * @example
 * for (const piece of prettyJsonPieces(report)) writeSync(fd, piece)
 */
export function* prettyJsonPieces(value: unknown, split = 2): Generator<string> {
  const root = jsonOf(value, '')
  if (omitted(root))
    throw new TypeError('a value JSON cannot write (undefined, a function or a symbol)')
  yield* pieces(root, '', split)
}

function* pieces(value: unknown, indent: string, split: number): Generator<string> {
  if (split === 0 || !container(value)) {
    yield indented(value, indent)
    return
  }
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]'
    yield '['
    for (let index = 0; index < value.length; index++) {
      yield `${index === 0 ? '' : ','}\n${inner}`
      const item = jsonOf(value[index], String(index))
      if (omitted(item)) yield 'null'
      else yield* pieces(item, inner, split - 1)
    }
    return yield `\n${indent}]`
  }
  let first = true
  for (const key of Object.keys(value)) {
    const item = jsonOf((value as Record<string, unknown>)[key], key)
    if (omitted(item)) continue
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `
    first = false
    yield* pieces(item, inner, split - 1)
  }
  yield first ? '{}' : `\n${indent}}`
}

/**
 * `JSON.stringify(value, null, 2)` with every line after the first indented by
 * `indent` (two spaces a level). Stringified inside one array per level, the
 * value's lines come out indented already; cutting the arrays' own lines off
 * is cheaper than a second pass over the text to indent it.
 */
function indented(value: unknown, indent: string): string {
  const levels = indent.length / 2
  if (levels === 0 || !container(value)) return JSON.stringify(value, null, 2)
  let wrapped: unknown = value
  for (let level = 0; level < levels; level++) wrapped = [wrapped]
  const text = JSON.stringify(wrapped, null, 2)
  // Level i opens with `indent(i) + "[\n"` and closes with `"\n" + indent(i) + "]"`: 2i + 2
  // characters each, levels × (levels + 1) in all.
  const wrapping = levels * (levels + 1)
  return text.slice(wrapping + indent.length, text.length - wrapping)
}

/**
 * Writes `JSON.stringify(value, null, 2)` and a newline to `file` (created or
 * replaced), in pieces (see {@link prettyJsonPieces}): the whole text is never
 * one string.
 * @example
 * writeJsonFile('reports/agenttwin.json', report)
 */
export function writeJsonFile(file: string, value: unknown, split = 3): void {
  writeTextPieces(file, withNewline(prettyJsonPieces(value, split)))
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces
  yield '\n'
}
