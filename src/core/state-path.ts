/**
 * State paths: the one grammar the validator and the runtime both read.
 *
 * Inside records a path is a segment array (`['orders', 'o_1', 'status']`);
 * text is only for documents and messages. The text form:
 *
 * - segments are separated by dots: `orders.o_1.status`;
 * - a `{placeholder}` is one segment even when it holds dots
 *   (`customers.{customer.id}`), one pair of braces, no nesting;
 * - `["any key"]` is a quoted segment, a JSON string read literally: the way to
 *   write a key holding a dot (`orders["o.1"].status`) or the key `*`;
 * - `*` as a whole unquoted segment is the wildcard "any one key or index".
 *   It is allowed in patterns only (volatile, sensitive, allowed changes,
 *   dropped fields); a path that addresses one place refuses it.
 *
 * `formatPath` writes segments back so that `parsePath(formatPath(s))` is `s`.
 *
 * One contract: `parsePath`, `parsePattern` and `pathProblems` return the
 * problems of a text (for document checks); `pathOf` and `patternOf` wrap
 * them and throw `UnsafePathError` where a bad path is a programming error.
 * `readPath` reads own properties and real array indexes only, so a path can
 * never reach the prototype chain; writing is the twin's (`twin/state-writes.ts`).
 */
import { UnsafePathError } from './errors.ts'
import { isJsonObject, type JsonValue } from './json.ts'
import { type PathProblem, type PathToken, tokenize } from './path-tokens.ts'

export type { PathProblem, PathToken } from './path-tokens.ts'

/** Keys that would reach an object's prototype instead of its own data. */
export const FORBIDDEN_SEGMENTS: readonly string[] = ['__proto__', 'constructor', 'prototype']

/** The wildcard segment of a pattern: any one key or array index. */
export const ANY_KEY: unique symbol = Symbol('any key')

/** One segment of a pattern: a literal key or `ANY_KEY`. */
export type PatternSegment = string | typeof ANY_KEY

/** A parsed path, or every problem of its text. */
export type ParsedPath<T> = { ok: true; segments: T[] } | { ok: false; problems: PathProblem[] }

const EMPTY_SEGMENT: PathProblem = {
  says: 'has an empty segment',
  fix: 'separate keys with single dots and no leading or trailing dot, e.g. `orders.{order_id}.status`',
}
const WILDCARD: PathProblem = {
  says: 'uses `*`, which is a wildcard only in patterns (volatile, sensitive, allowed changes)',
  fix: 'name the key this path addresses; for a key that really is `*`, write `["*"]`',
}

function forbidden(segment: string): PathProblem {
  return {
    says: `uses \`${segment}\`, which would reach the object prototype instead of the data`,
    fix: 'rename the key; `__proto__`, `constructor` and `prototype` cannot be used in state',
  }
}

/** Whether a key would reach the prototype (`__proto__`, `constructor`, `prototype`). */
export function isForbiddenSegment(segment: string): boolean {
  return FORBIDDEN_SEGMENTS.includes(segment)
}

/**
 * Parses a path that addresses one place: `*` is refused (see `parsePattern`).
 * @example
 * parsePath('orders.{order_id}.status') // { ok: true, segments: ['orders', '{order_id}', 'status'] }
 * parsePath('orders["o.1"]') // { ok: true, segments: ['orders', 'o.1'] }
 */
export function parsePath(text: string): ParsedPath<string> {
  const tokens = tokenize(text)
  if (!Array.isArray(tokens)) return { ok: false, problems: [tokens] }
  const problems = segmentProblems(tokens)
  if (tokens.some((token) => token.key === '*' && !token.quoted)) problems.push(WILDCARD)
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, segments: tokens.map((t) => t.key) }
}

/**
 * Parses a path whose raw segments may hold `{placeholder}` holes, keeping
 * which segments were quoted (those are literal keys, never rendered).
 * @example
 * parsePathTemplate('orders.{id}["{x}"]') // segments: [{ key: 'orders', quoted: false }, { key: '{id}', quoted: false }, { key: '{x}', quoted: true }]
 */
export function parsePathTemplate(text: string): ParsedPath<PathToken> {
  const parsed = parsePath(text)
  if (!parsed.ok) return parsed
  return { ok: true, segments: tokenize(text) as PathToken[] }
}

/**
 * Parses a pattern: an unquoted `*` segment becomes `ANY_KEY`.
 * @example
 * parsePattern('orders.*.updated_at') // { ok: true, segments: ['orders', ANY_KEY, 'updated_at'] }
 */
export function parsePattern(text: string): ParsedPath<PatternSegment> {
  const tokens = tokenize(text)
  if (!Array.isArray(tokens)) return { ok: false, problems: [tokens] }
  const problems = segmentProblems(tokens)
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    segments: tokens.map((token) => (token.key === '*' && !token.quoted ? ANY_KEY : token.key)),
  }
}

/** Problems of one path's text (`pattern`: `*` allowed); an empty text is one problem. */
export function pathProblems(text: string, kind: 'path' | 'pattern' = 'path'): PathProblem[] {
  if (text === '') return [{ says: 'is empty', fix: 'name at least one key, e.g. `orders`' }]
  const parsed = kind === 'path' ? parsePath(text) : parsePattern(text)
  return parsed.ok ? [] : parsed.problems
}

/**
 * Segments of a path, throwing `UnsafePathError` for text that is not one.
 * @example
 * pathOf('orders["o.1"].status') // ['orders', 'o.1', 'status']
 */
export function pathOf(text: string): string[] {
  if (typeof text !== 'string' || text === '') {
    throw new UnsafePathError(String(text), 'the path is empty')
  }
  return orThrow(text, parsePath(text))
}

/**
 * Segments of a pattern, throwing `UnsafePathError` for text that is not one.
 * @example
 * patternOf('orders.*.at') // ['orders', ANY_KEY, 'at']
 */
export function patternOf(text: string): PatternSegment[] {
  if (text === '') throw new UnsafePathError(text, 'the path is empty')
  return orThrow(text, parsePattern(text))
}

function orThrow<T>(text: string, parsed: ParsedPath<T>): T[] {
  if (parsed.ok) return parsed.segments
  throw new UnsafePathError(text, `it ${parsed.problems[0]!.says}`)
}

/**
 * Writes segments as path text; keys that would not read back as themselves
 * (dots, brackets, braces, `*`, empty) are quoted as `["…"]`.
 * @example
 * formatPath(['orders', 'o.1', 'status']) // 'orders["o.1"].status'
 * formatPath([]) // ''
 */
export function formatPath(segments: readonly PatternSegment[]): string {
  let text = ''
  for (const segment of segments) {
    if (segment === ANY_KEY) text += text === '' ? '*' : '.*'
    else if (needsQuotes(segment)) text += `[${JSON.stringify(segment)}]`
    else text += text === '' ? segment : `.${segment}`
  }
  return text
}

function needsQuotes(segment: string): boolean {
  return segment === '' || segment === '*' || /[.[\]{}]/.test(segment)
}

/** The pattern names exactly this path (same length, `ANY_KEY` matches any one segment). */
export function matchesPattern(
  pattern: readonly PatternSegment[],
  path: readonly string[],
): boolean {
  return pattern.length === path.length && covers(pattern, path)
}

/** The path is the pattern's place or lies below it. */
export function patternCovers(
  pattern: readonly PatternSegment[],
  path: readonly string[],
): boolean {
  return path.length >= pattern.length && covers(pattern, path)
}

/**
 * True when one path is the other or lies below it (segment-wise, so
 * `a.b` does not overlap `a.bc`).
 * @example
 * pathsOverlap(['orders'], ['orders', 'o_1']) // true
 */
export function pathsOverlap(a: readonly string[], b: readonly string[]): boolean {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false
  return true
}

function covers(pattern: readonly PatternSegment[], path: readonly string[]): boolean {
  return pattern.every((segment, i) => segment === ANY_KEY || segment === path[i])
}

function segmentProblems(tokens: PathToken[]): PathProblem[] {
  const problems: PathProblem[] = []
  if (tokens.some((token) => token.key === '')) problems.push(EMPTY_SEGMENT)
  for (const { key } of tokens) if (isForbiddenSegment(key)) problems.push(forbidden(key))
  return problems
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/

/** A path given as text or as already parsed segments. */
export type PathInput = string | readonly string[]

/** What a path read found: `found` is false when the path leads nowhere (never "found undefined"). */
export interface PathLookup {
  found: boolean
  value?: JsonValue
}

/**
 * Throws `UnsafePathError` when a segment is empty or a prototype key.
 * @example
 * assertSafeSegments(['orders', '__proto__']) // throws UnsafePathError
 */
export function assertSafeSegments(segments: readonly string[], path?: string): void {
  for (const segment of segments) {
    // The path is spelled for the message only: a safe path (every call's) never pays for it.
    if (segment.length === 0) {
      throw new UnsafePathError(path ?? formatPath(segments), 'it has an empty segment')
    }
    if (isForbiddenSegment(segment)) {
      throw new UnsafePathError(
        path ?? formatPath(segments),
        `the segment "${segment}" is not allowed`,
      )
    }
  }
}

/** The segments of a path input, throwing `UnsafePathError` for an unsafe one. */
export function segmentsOf(path: PathInput): string[] {
  if (typeof path === 'string') return pathOf(path)
  assertSafeSegments(path)
  return [...path]
}

/** Whether a segment is a canonical array index (`0`, `12`; not `01`, `-1`). */
export function isArrayIndex(segment: string): boolean {
  return ARRAY_INDEX.test(segment)
}

/**
 * The value one segment below a container: an array's item by canonical
 * index, an object's own key.
 * @example
 * child({ a: 1 }, 'toString') // { found: false }
 */
export function child(container: JsonValue | undefined, segment: string): PathLookup {
  if (Array.isArray(container)) {
    if (!isArrayIndex(segment)) return { found: false }
    const index = Number(segment)
    return index < container.length ? { found: true, value: container[index] } : { found: false }
  }
  if (isJsonObject(container) && Object.hasOwn(container, segment)) {
    return { found: true, value: container[segment] }
  }
  return { found: false }
}

/**
 * Reads the value at a path. An empty segment list addresses the root itself.
 * @example
 * readPath({ orders: { o_1: { total: 40 } } }, 'orders.o_1.total') // { found: true, value: 40 }
 * readPath({ orders: {} }, 'orders.o_9') // { found: false }
 */
export function readPath(root: JsonValue, path: PathInput): PathLookup {
  let current: PathLookup = { found: true, value: root }
  for (const segment of segmentsOf(path)) {
    current = child(current.value, segment)
    if (!current.found) return { found: false }
  }
  return current
}
