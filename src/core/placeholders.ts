/**
 * The one template vocabulary (`{order_id}`, `{$target.status}`), shared by
 * the document checks and the twin runtime so both read a template the same
 * way: braces around anything else are literal text.
 *
 * - a *placeholder* names an argument of the call (`{customer.email}`) or a
 *   *call fact* (`{$id}`, `{$target.status}`);
 * - `TemplateValues` are what placeholders read during one call (the twin
 *   renders with them);
 * - a `TemplateSite` is where a template is written: which arguments and call
 *   facts it may name there (the document checks read it).
 */

import { keepBounded } from './bounded-memo.ts'
import type { JsonObject, JsonValue } from './json.ts'
import { child, isForbiddenSegment, type PathLookup } from './state-path.ts'

const NAME = '\\$?[A-Za-z_][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*'
/** A placeholder anywhere in a string; group 1 is its name. */
export const PLACEHOLDER = new RegExp(`\\{(${NAME})\\}`, 'g')
/** A string that is exactly one placeholder; group 1 is its name. */
export const WHOLE_PLACEHOLDER = new RegExp(`^\\{(${NAME})\\}$`)
/** What placeholders read during one call: the arguments and the call facts. */
export interface TemplateValues {
  args: JsonObject
  id?: string
  now?: string
  seq?: number
  tenant?: string
  target?: JsonValue
  items?: JsonValue[]
}

/** Where a template is written: what its placeholders may name there. */
export interface TemplateSite {
  tool: string
  /** The tool's declared arguments (`input.properties`). */
  argumentNames: readonly string[]
  /** Call facts that make no sense here, with the reason. */
  unavailable?: Readonly<Record<string, string>>
}

/** Each call fact and the field of `TemplateValues` it reads: the list and the reader cannot drift apart. */
const FACT_FIELDS = {
  $id: 'id',
  $now: 'now',
  $seq: 'seq',
  $tenant: 'tenant',
  $target: 'target',
  $items: 'items',
} as const satisfies Record<string, Exclude<keyof TemplateValues, 'args'>>

/** The call facts a template may name; anything else starting with `$` is a document error. */
export const CALL_FACTS: readonly string[] = Object.keys(FACT_FIELDS)

/**
 * The value a placeholder name stands for during a call; a name that leads
 * nowhere (or through a prototype key) is not found.
 * @example
 * resolvePlaceholder('customer.email', { args: { customer: { email: 'a@b.c' } } }) // { found: true, value: 'a@b.c' }
 * resolvePlaceholder('$target.status', { args: {}, target: { status: 'paid' } }) // { found: true, value: 'paid' }
 */
export function resolvePlaceholder(name: string, values: TemplateValues): PathLookup {
  const { field, segments } = parsedName(name)
  if (field === null) return { found: false }
  const root = field === 'args' ? values.args : values[field]
  if (root === undefined) return { found: false }
  let value: JsonValue = root
  for (const segment of segments) {
    const next = child(value, segment)
    if (!next.found) return { found: false }
    value = next.value!
  }
  return { found: true, value }
}

/** A placeholder name taken apart: the field of `TemplateValues` it reads (`null`: nothing can), and the path below it. */
interface ParsedName {
  field: keyof TemplateValues | null
  segments: readonly string[]
}

/**
 * Names come from twin documents (a handful per tool) and are resolved on
 * every call, so each is taken apart once. Bounded, in case a program builds
 * templates on the fly.
 */
const parsedNames = new Map<string, ParsedName>()
const PARSED_NAMES_LIMIT = 2048

function parsedName(name: string): ParsedName {
  const cached = parsedNames.get(name)
  if (cached) return cached
  const [head = '', ...rest] = name.split('.')
  const fact = head.startsWith('$')
  const field: keyof TemplateValues | undefined = !fact
    ? 'args'
    : Object.hasOwn(FACT_FIELDS, head)
      ? FACT_FIELDS[head as keyof typeof FACT_FIELDS]
      : undefined
  const segments = fact ? rest : [head, ...rest]
  // A prototype key or an empty segment never resolves; the loader reports it as a document problem.
  const unsafe = segments.some((segment) => segment === '' || isForbiddenSegment(segment))
  const parsed = { field: field === undefined || unsafe ? null : field, segments }
  return keepBounded(parsedNames, name, parsed, PARSED_NAMES_LIMIT)
}

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
