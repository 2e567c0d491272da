/**
 * The tokenizer of state path text (the grammar is described in
 * `state-path.ts`): dots split outside `{…}`, `["…"]` is a quoted key.
 */

/** What is wrong with a path's text and how to write it instead. */
export interface PathProblem {
  /** Completes `state path "…" ` in a sentence, e.g. `has an empty segment`. */
  says: string
  fix: string
}

/** One segment of a path's text: `quoted` when written as `["…"]`, so read literally. */
export interface PathToken {
  key: string
  quoted: boolean
}

const UNBALANCED: PathProblem = {
  says: 'has an unbalanced `{` or `}`',
  fix: 'write placeholders as `{argument}`, one pair of braces each',
}
const BAD_QUOTE: PathProblem = {
  says: 'has a quoted segment that is not `["…"]` with a JSON string inside',
  fix: 'write a key with dots as `["a.b"]`, e.g. `orders["o.1"].status`, followed by a dot, another `["…"]` or the end',
}

/** Splits the text into tokens, or the one syntax problem that stops reading it. */
export function tokenize(text: string): PathToken[] | PathProblem {
  const tokens: PathToken[] = []
  let i = 0
  let afterSegment = false
  while (i <= text.length) {
    if (afterSegment) {
      if (i === text.length) break
      if (text[i] === '.') {
        afterSegment = false
        i++
        continue
      }
      if (!text.startsWith('["', i)) return BAD_QUOTE
    }
    if (text.startsWith('["', i)) {
      const quoted = readQuoted(text, i)
      if (!quoted) return BAD_QUOTE
      tokens.push({ key: quoted.key, quoted: true })
      i = quoted.end
    } else {
      const raw = readRaw(text, i)
      if (!raw) return UNBALANCED
      tokens.push({ key: raw.key, quoted: false })
      i = raw.end
    }
    afterSegment = true
  }
  return tokens
}

/** A raw segment from `start` up to a dot or `["` outside braces. */
function readRaw(text: string, start: number): { key: string; end: number } | undefined {
  let depth = 0
  let i = start
  for (; i < text.length; i++) {
    const char = text[i]
    if (char === '{') depth++
    if (char === '}') depth--
    if (depth < 0 || depth > 1) return undefined
    if (depth === 0 && (char === '.' || text.startsWith('["', i))) break
  }
  if (depth !== 0) return undefined
  return { key: text.slice(start, i), end: i }
}

/** A `["…"]` segment starting at `start`: the JSON string inside, read literally. */
function readQuoted(text: string, start: number): { key: string; end: number } | undefined {
  let i = start + 2
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  if (text[i + 1] !== ']') return undefined
  try {
    const key: unknown = JSON.parse(text.slice(start + 1, i + 1))
    return typeof key === 'string' ? { key, end: i + 2 } : undefined
  } catch {
    return undefined
  }
}
