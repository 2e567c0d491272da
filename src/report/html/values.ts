import type { JsonValue } from '../../core/json.ts'
import { html, type SafeHtml } from './safe-html.ts'

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
export function foldValue(value: JsonValue | undefined): SafeHtml {
  const text = compact(value)
  if (text.length <= FOLD_AT) return html`<code>${text}</code>`
  const full = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return html`<details class="fold"><summary><code>${text.slice(0, FOLD_AT - 16)}</code>… <span class="more">${text.length} chars</span></summary><pre>${full}</pre></details>`
}

/** The same for plain text (messages, sentences, replies). */
export function foldText(text: string): SafeHtml {
  if (text.length <= FOLD_AT * 3) return html`${text}`
  return html`<details class="fold"><summary>${text.slice(0, FOLD_AT * 2)}… <span class="more">${text.length} chars</span></summary><pre>${text}</pre></details>`
}

/**
 * The deep-link id of a case of a pair: `refund-timeout-after-mutation/v1.3.0-vs-v1.2.4`,
 * led by the pair's project (`web/refund-…`) when the report names projects, so two
 * projects' pairs of the same versions keep their own links.
 */
export function caseAnchor(
  scenarioId: string,
  pair: { project?: string; candidate: { version: string }; baseline: { version: string } },
): string {
  const v = (version: string) => (version.startsWith('v') ? version : `v${version}`)
  const project = pair.project === undefined ? '' : `${pair.project}/`
  return `${project}${scenarioId}/${v(pair.candidate.version)}-vs-${v(pair.baseline.version)}`
}
