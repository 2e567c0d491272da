import { isJsonObject } from '../core/json.ts'

/** The object items of a list, with their indexes; anything else gives none. */
export function recordItems(value: unknown): [number, Record<string, unknown>][] {
  if (!Array.isArray(value)) return []
  const items: [number, Record<string, unknown>][] = []
  for (const [index, item] of value.entries()) if (isJsonObject(item)) items.push([index, item])
  return items
}

/** The string items of a list, with their indexes. */
export function stringItems(value: unknown): [number, string][] {
  if (!Array.isArray(value)) return []
  const items: [number, string][] = []
  for (const [index, item] of value.entries())
    if (typeof item === 'string') items.push([index, item])
  return items
}

/** Every string below `value`, with its path; `skipKeys` are not descended into. */
export function stringLeaves(
  value: unknown,
  at: readonly (string | number)[],
  skipKeys: readonly string[] = [],
): [readonly (string | number)[], string][] {
  if (typeof value === 'string') return [[at, value]]
  const leaves: [readonly (string | number)[], string][] = []
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      leaves.push(...stringLeaves(item, [...at, index], skipKeys))
    }
  } else if (isJsonObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (!skipKeys.includes(key)) leaves.push(...stringLeaves(child, [...at, key], skipKeys))
    }
  }
  return leaves
}
