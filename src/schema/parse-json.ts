import { scanJsonText } from './duplicate-keys.ts'
import type { FieldPath } from './field-path.ts'
import { locateJsonValue } from './locate-json.ts'

/** A `.json` document read by `JSON.parse`, positions found only when a problem asks for one. */
export interface ParsedJson {
  file: string
  source: string
  value: Record<string, unknown>
  locate(path: FieldPath, at?: 'key' | 'value'): { line: number; column: number }
}

/**
 * Reads a `.json` document in time and memory proportional to its text: the
 * value from `JSON.parse`, one pass for repeated keys and nesting depth, and
 * no position table (a problem's line and column are found when it is
 * reported). Returns `undefined` whenever the text is not a plain JSON
 * object that passes those checks (a syntax error, a repeated key, nesting
 * past `maxDepth`, a number JSON cannot hold, a byte-order mark, another
 * root): the YAML reader then reads it and locates each problem, exactly as
 * it does for every other document, so the fast path never changes a result.
 * @example
 * readJsonDocument('{"apiVersion":"agenttwin/twin.v1"}', 'twin.json', 64)?.value.apiVersion
 */
export function readJsonDocument(
  source: string,
  file: string,
  maxDepth: number,
): ParsedJson | undefined {
  if (source.charCodeAt(firstNonSpace(source)) !== 0x7b /* { */) return undefined
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch {
    return undefined
  }
  if (scanJsonText(source, maxDepth) || hasNonFiniteNumber(value)) return undefined
  return {
    file,
    source,
    value: value as Record<string, unknown>,
    locate: (path, at = 'value') => locateJsonValue(source, path, at),
  }
}

/** `twins/shop.twin.json` → true: the documents `readJsonDocument` may read. */
export function isJsonFile(file: string): boolean {
  return /\.json$/i.test(file)
}

function firstNonSpace(text: string): number {
  let index = 0
  while (index < text.length && /\s/.test(text[index]!)) index++
  return index
}

/** `1e999` parses to Infinity: valid JSON text, but no JSON value. Iterative, so depth is no stack risk. */
function hasNonFiniteNumber(root: unknown): boolean {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return true
    } else if (value !== null && typeof value === 'object') {
      for (const child of Object.values(value)) stack.push(child)
    }
  }
  return false
}
