/**
 * The placeholder grammar of templates (`{order_id}`, `{$target.status}`),
 * shared by the document checks and the twin runtime so both read a
 * template the same way: braces around anything else are literal text.
 */
import type { JsonValue } from './json.ts'

const NAME = '\\$?[A-Za-z_][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*'
/** A placeholder anywhere in a string; group 1 is its name. */
export const PLACEHOLDER = new RegExp(`\\{(${NAME})\\}`, 'g')
/** A string that is exactly one placeholder; group 1 is its name. */
export const WHOLE_PLACEHOLDER = new RegExp(`^\\{(${NAME})\\}$`)
/** The call facts a template may name; anything else starting with `$` is a document error. */
export const CALL_FACTS: readonly string[] = ['$id', '$now', '$seq', '$tenant', '$target', '$items']

/**
 * Every placeholder name in a template, in order of first appearance, without braces.
 *
 * @example
 * templatePlaceholders({ a: '{order_id}', b: ['{$id} for {customer.email}'] }) // ['order_id', '$id', 'customer.email']
 */
export function templatePlaceholders(template: JsonValue): string[] {
  const names = new Set<string>()
  collect(template, names)
  return [...names]
}

function collect(template: JsonValue, names: Set<string>): void {
  if (typeof template === 'string') {
    for (const match of template.matchAll(PLACEHOLDER)) names.add(match[1]!)
  } else if (Array.isArray(template)) {
    for (const item of template) collect(item, names)
  } else if (template !== null && typeof template === 'object') {
    for (const item of Object.values(template)) collect(item, names)
  }
}

/** Whether a placeholder name refers to a call fact (`$id`, `$target.x`, ...) rather than an argument. */
export function isCallFact(name: string): boolean {
  return CALL_FACTS.includes(name.split('.')[0] ?? '')
}

/** The argument a placeholder reads (`customer.email` → `customer`), or undefined for call facts. */
export function placeholderArgument(name: string): string | undefined {
  return name.startsWith('$') ? undefined : name.split('.')[0]
}
