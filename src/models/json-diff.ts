import type { CassetteJson } from './types.ts'

/** Characters shown before the first difference, and from it on. */
const BEFORE = 30
const AFTER = 60

/** The index of the first code point where two texts differ (the shorter length when one starts the other). */
function firstDiffering(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length)
  for (let index = 0; index < length; index++) if (a[index] !== b[index]) return index
  return length
}

/**
 * Both sides of a difference, each cut around the first differing character
 * the same way: the same start (what comes before is common), the same number
 * of characters from the difference on, `…` outside the quotes where a side
 * was cut. Texts are quoted as JSON strings; other values are shown as JSON.
 * Counted in code points, so an emoji is never cut in half.
 */
function window(
  recorded: CassetteJson | undefined,
  now: CassetteJson | undefined,
): { at: number; recorded: string; now: string } {
  const strings = typeof recorded === 'string' && typeof now === 'string'
  const textOf = (value: CassetteJson | undefined) =>
    value === undefined ? undefined : strings ? (value as string) : JSON.stringify(value)
  const a = Array.from(textOf(recorded) ?? '')
  const b = Array.from(textOf(now) ?? '')
  const at = firstDiffering(a, b)
  const start = Math.max(0, at - BEFORE)
  const cut = (chars: string[], value: CassetteJson | undefined) => {
    if (value === undefined) return '(absent)'
    const end = Math.min(chars.length, at + AFTER)
    const piece = chars.slice(start, end).join('')
    return `${start > 0 ? '…' : ''}${strings ? JSON.stringify(piece) : piece}${end < chars.length ? '…' : ''}`
  }
  return { at, recorded: cut(a, recorded), now: cut(b, now) }
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return /^[A-Za-z_$][\w$]*$/.test(key)
    ? path
      ? `${path}.${key}`
      : key
    : `${path}[${JSON.stringify(key)}]`
}

/**
 * The first place two JSON values differ, as `path differs: recorded … now …`,
 * or `undefined` when they are equal. Long values are shown as a window around
 * their first differing character, cut the same way on both sides, and a
 * difference inside a text names the character it starts at.
 * @example
 * firstDifference({ messages: [{ content: 'a' }] }, { messages: [{ content: 'b' }] })
 * // 'messages[0].content differs: recorded "a", now "b"'
 */
export function firstDifference(
  recorded: CassetteJson | undefined,
  now: CassetteJson | undefined,
  path = '',
): string | undefined {
  const here = path || '(the whole body)'
  if (Array.isArray(recorded) && Array.isArray(now)) {
    const length = Math.max(recorded.length, now.length)
    for (let index = 0; index < length; index++) {
      const found = firstDifference(recorded[index], now[index], join(path, index))
      if (found) return found
    }
    return undefined
  }
  const isObject = (v: unknown): v is Record<string, CassetteJson> =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
  if (isObject(recorded) && isObject(now)) {
    const keys = [...new Set([...Object.keys(recorded), ...Object.keys(now)])].sort()
    for (const key of keys) {
      const found = firstDifference(recorded[key], now[key], join(path, key))
      if (found) return found
    }
    return undefined
  }
  if (JSON.stringify(recorded) === JSON.stringify(now)) return undefined
  const shown = window(recorded, now)
  const bothTexts = typeof recorded === 'string' && typeof now === 'string'
  const where = bothTexts && shown.at > 0 ? ` at character ${shown.at + 1}` : ''
  return `${here} differs${where}: recorded ${shown.recorded}, now ${shown.now}`
}
