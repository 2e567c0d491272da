import type { CassetteJson } from './types.ts'

function show(value: CassetteJson | undefined): string {
  if (value === undefined) return '(absent)'
  const text = JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
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
 * or `undefined` when they are equal.
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
  return `${here} differs: recorded ${show(recorded)}, now ${show(now)}`
}
