import type { JsonValue } from '../../core/json.ts'

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for HTML content and quoted attribute values. */
export function esc(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (char) => ENTITIES[char]!)
}

/** A JSON value in one line, as the terminal shows it (`undefined` for an absent value). */
export function compact(value: JsonValue | undefined): string {
  if (value === undefined) return '(absent)'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Over this many characters a value folds: a short head, the whole value on demand. */
const FOLD_AT = 96

/**
 * A value for a table cell: short values inline, long ones folded into a
 * `<details>` whose summary is the head and whose body is the pretty-printed whole.
 */
export function foldValue(value: JsonValue | undefined): string {
  const text = compact(value)
  if (text.length <= FOLD_AT) return `<code>${esc(text)}</code>`
  const full = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return `<details class="fold"><summary><code>${esc(text.slice(0, FOLD_AT - 16))}</code>… <span class="more">${text.length} chars</span></summary><pre>${esc(full)}</pre></details>`
}

/** The same for plain text (messages, sentences, replies). */
export function foldText(text: string): string {
  if (text.length <= FOLD_AT * 3) return esc(text)
  return `<details class="fold"><summary>${esc(text.slice(0, FOLD_AT * 2))}… <span class="more">${text.length} chars</span></summary><pre>${esc(text)}</pre></details>`
}

/** The deep-link id of a case: `refund-timeout-after-mutation/v1.3.0-vs-v1.2.4`. */
export function caseAnchor(scenarioId: string, candidate: string, baseline: string): string {
  const v = (version: string) => (version.startsWith('v') ? version : `v${version}`)
  return `${scenarioId}/${v(candidate)}-vs-${v(baseline)}`
}
