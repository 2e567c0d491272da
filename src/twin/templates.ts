/**
 * Templates in twin documents: data with `{placeholder}` holes, never code.
 *
 * - `{order_id}`, `{customer.email}`: an argument of the call (dotted paths read own properties only).
 * - `{$id}`, `{$now}`, `{$seq}`, `{$tenant}`, `{$items}`: call facts.
 * - `{$target}`, `{$target.field}`: the handler's target value after its effects.
 *
 * A string that is exactly one placeholder keeps the value's type (`"{amount}"`
 * renders the number 40). Inside a longer string, values are stringified
 * (strings as is, everything else as canonical JSON). Text in braces that is
 * not a placeholder name (e.g. `{ "a": 1 }`) stays literal.
 *
 * Missing values: a whole-string placeholder without a value is left out (the
 * object field is omitted, the array item skipped); inside a longer string it
 * is kept as literal `{name}` text so the gap stays visible. Path templates
 * are stricter: `renderPathTemplate` throws `MissingPlaceholderError`.
 */

import { keepBounded } from '../core/bounded-memo.ts'
import { canonicalJson } from '../core/canonical-json.ts'
import { cloneJson, type JsonObject, type JsonValue } from '../core/json.ts'
import {
  PLACEHOLDER,
  resolvePlaceholder,
  type TemplateValues,
  WHOLE_PLACEHOLDER as WHOLE,
} from '../core/placeholders.ts'
import { assertSafeSegments, parsePathTemplate } from '../core/state-path.ts'
import { MissingPlaceholderError, UnsafePathError } from './errors.ts'

/**
 * Renders a template against a call's scope; the result shares no objects with the scope.
 *
 * @example
 * renderTemplate({ refunded: '{amount}', note: 'order {order_id}' }, { args: { amount: 40, order_id: 'o_1' } })
 * // { refunded: 40, note: 'order o_1' }
 */
export function renderTemplate(template: JsonValue, scope: TemplateValues): JsonValue {
  const rendered = render(template, scope)
  return rendered === undefined ? null : rendered
}

/**
 * Like `renderTemplate`, but a whole-string placeholder without a value gives
 * `undefined`, so callers can tell "absent" from `null`.
 *
 * @example
 * renderValue('{note}', { args: {} }) // undefined
 */
export function renderValue(template: JsonValue, scope: TemplateValues): JsonValue | undefined {
  return render(template, scope)
}

function render(template: JsonValue, scope: TemplateValues): JsonValue | undefined {
  if (typeof template === 'string') return renderString(template, scope)
  if (Array.isArray(template)) {
    const items: JsonValue[] = []
    for (const item of template) {
      const value = render(item, scope)
      if (value !== undefined) items.push(value)
    }
    return items
  }
  if (template !== null && typeof template === 'object') {
    const out: JsonObject = {}
    for (const [key, item] of Object.entries(template)) {
      const value = render(item, scope)
      if (value !== undefined) out[key] = value
    }
    return out
  }
  return template
}

function renderString(template: string, scope: TemplateValues): JsonValue | undefined {
  // Most strings of a template are plain text: no brace, nothing to look up.
  if (!template.includes('{')) return template
  const whole = template.startsWith('{') ? WHOLE.exec(template) : null
  if (whole) {
    const lookup = resolvePlaceholder(whole[1]!, scope)
    return lookup.found ? cloneJson(lookup.value) : undefined
  }
  return template.replace(PLACEHOLDER, (text, name: string) => {
    const lookup = resolvePlaceholder(name, scope)
    return lookup.found ? stringify(lookup.value) : text
  })
}

function stringify(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : canonicalJson(value ?? null)
}

/**
 * Renders a templated state path into segments. The path is split on dots
 * outside braces first, so a value with a dot (`"a.b"`) stays one segment and
 * can never climb to another part of the state.
 *
 * @example
 * renderPathTemplate('orders.{order_id}', { args: { order_id: 'o_1' } }) // ['orders', 'o_1']
 */
export function renderPathTemplate(template: string, scope: TemplateValues): string[] {
  const segments = compiledPath(template).map(({ key, quoted, names }) => {
    if (quoted) return key
    for (const name of names) {
      if (!resolvePlaceholder(name, scope).found) throw new MissingPlaceholderError(name, template)
    }
    if (names.length === 0) return key
    const value = renderString(key, scope)
    return typeof value === 'string' ? value : stringify(value)
  })
  assertSafeSegments(segments)
  return segments
}

interface CompiledSegment {
  key: string
  quoted: boolean
  /** The placeholders an unquoted segment refers to. */
  names: string[]
}

/**
 * Path templates parsed once: they come from twin documents (a handful per
 * tool) and are rendered on every call. Bounded, in case a program builds
 * templates on the fly.
 */
const compiledPaths = new Map<string, CompiledSegment[]>()
const COMPILED_PATHS_LIMIT = 2048

function compiledPath(template: string): CompiledSegment[] {
  const cached = compiledPaths.get(template)
  if (cached) return cached
  const parsed = parsePathTemplate(template)
  if (!parsed.ok) throw new UnsafePathError(template, `it ${parsed.problems[0]!.says}`)
  const compiled = parsed.segments.map(({ key, quoted }) => {
    const whole = quoted ? null : WHOLE.exec(key)
    const names = quoted
      ? []
      : whole
        ? [whole[1]!]
        : [...key.matchAll(PLACEHOLDER)].map((match) => match[1]!)
    return { key, quoted, names }
  })
  return keepBounded(compiledPaths, template, compiled, COMPILED_PATHS_LIMIT)
}
