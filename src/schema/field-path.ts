/** A path into a document: map keys and sequence indexes, e.g. `['tools', 2, 'handler', 'kind']`. */
export type FieldPath = readonly (string | number)[]

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/

/**
 * Writes a field path the way people read it.
 * @example
 * formatFieldPath(['tools', 2, 'handler', 'kind']) // 'tools[2].handler.kind'
 * formatFieldPath(['state', 'a.b']) // 'state["a.b"]'
 */
export function formatFieldPath(path: FieldPath): string {
  let text = ''
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`
    else text += `[${JSON.stringify(segment)}]`
  }
  return text
}

/**
 * Turns a JSON pointer (as ajv reports `instancePath`) into a field path;
 * numeric segments become indexes only where the value is an array.
 * @example
 * pointerToFieldPath('/tools/2/name', doc) // ['tools', 2, 'name']
 */
export function pointerToFieldPath(pointer: string, value: unknown): (string | number)[] {
  if (pointer === '') return []
  const path: (string | number)[] = []
  let current: unknown = value
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(current) && /^\d+$/.test(key)) {
      const index = Number(key)
      path.push(index)
      current = current[index]
    } else {
      path.push(key)
      current =
        current !== null && typeof current === 'object' && Object.hasOwn(current, key)
          ? (current as Record<string, unknown>)[key]
          : undefined
    }
  }
  return path
}
