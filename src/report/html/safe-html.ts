/**
 * The one way markup is built for the HTML report. `html` is a tagged
 * template: its literal parts are the page's own markup, and every value
 * interpolated into it (text, numbers, anything) is escaped, unless it is
 * itself markup `html` made. A renderer cannot concatenate a value into the
 * page by mistake: the page is a {@link SafeHtml}, and a plain string is
 * never one.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!)
}

// Only this module holds the key, so only this module makes markup.
const MAKER = Symbol('SafeHtml')

/** Markup built by {@link html} (or a page constant): the only thing inserted into the page unescaped. */
export class SafeHtml {
  readonly #text: string

  constructor(key: typeof MAKER, text: string) {
    if (key !== MAKER) throw new TypeError('SafeHtml is made by html`...` only')
    this.#text = text
  }

  toString(): string {
    return this.#text
  }
}

const markup = (text: string) => new SafeHtml(MAKER, text)

/** What a template may interpolate: markup, or any value (escaped); a list is each item in turn. */
export type HtmlValue = SafeHtml | string | number | boolean | readonly HtmlValue[]

/**
 * Where a template's value goes: text or a double-quoted attribute value
 * (escaped), inside a tag between attributes (markup only, e.g. an optional
 * ` open`), or inside `<style>` / `<script>` (a page constant only).
 */
type Slot = 'escaped' | 'markup' | 'raw-text'

const slotsOf = new WeakMap<TemplateStringsArray, readonly Slot[]>()
const pageConstants = new WeakSet<SafeHtml>()

function slotAfter(before: string, index: number): Slot {
  const lower = before.toLowerCase()
  const inside = (open: string, close: string) => lower.lastIndexOf(open) > lower.lastIndexOf(close)
  const unsafe = (where: string) =>
    new TypeError(
      `html: value ${index + 1} of a template sits in ${where}, where escaping cannot make it safe: ${JSON.stringify(before.slice(-40))}`,
    )
  if (inside('<!--', '-->')) throw unsafe('a comment')
  if (inside('<script', '</script') || inside('<style', '</style')) return 'raw-text'
  const tag = before.lastIndexOf('<')
  if (tag <= before.lastIndexOf('>')) return 'escaped'
  const inTag = before.slice(tag)
  if (/^<\/?\w*$/.test(inTag)) throw unsafe('a tag name')
  // Attribute values are written in double quotes; an odd count means inside one.
  if ((inTag.match(/"/g)?.length ?? 0) % 2 === 1) {
    // Escaping keeps a value inside its quotes, not out of script, style or a URL's scheme.
    const [, name = '', start = ''] = /([^\s"'=<>/]+)\s*=\s*"([^"]*)$/.exec(inTag) ?? []
    if (/^on|^style$|^srcdoc$/i.test(name)) throw unsafe(`the ${name} attribute`)
    if (/^(href|src|action|formaction|xlink:href)$/i.test(name) && start === '') {
      throw unsafe(`the start of the ${name} attribute (a URL's scheme)`)
    }
    return 'escaped'
  }
  if (/=\s*$/.test(inTag)) throw unsafe('an unquoted attribute value')
  return 'markup'
}

/** The slot of each value of a template, worked out once per template. */
function slots(strings: TemplateStringsArray): readonly Slot[] {
  const known = slotsOf.get(strings)
  if (known) return known
  if (!Object.isFrozen(strings) || !Array.isArray(strings.raw)) {
    throw new TypeError('html must be used as a tagged template (html`...`)')
  }
  const found: Slot[] = []
  let before = ''
  for (let index = 0; index < strings.length - 1; index++) {
    before += strings[index]
    found.push(slotAfter(before, index))
    before += '\u0000'
  }
  slotsOf.set(strings, found)
  return found
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString()
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

function renderIn(slot: Slot, value: HtmlValue): string {
  if (slot === 'escaped') return render(value)
  if (slot === 'markup' && (value instanceof SafeHtml || value === '')) return render(value)
  if (slot === 'raw-text' && value instanceof SafeHtml && pageConstants.has(value)) {
    return value.toString()
  }
  throw new TypeError(
    slot === 'markup'
      ? 'html: only markup (html`...`) may go between the attributes of a tag'
      : 'html: only a page constant may go inside <style> or <script>',
  )
}

/**
 * Markup from a template whose every value is escaped (numbers too: a report
 * field that should hold a number but holds text stays text).
 * @example
 * html`<b class="v-${status}">${reason}</b>` // status and reason escaped
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  const kinds = slots(strings)
  let out = strings[0]!
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!
    out += renderIn(kinds[index]!, value) + strings[index + 1]!
  }
  return markup(out)
}

/** Markup joined from parts, with `separator` (literal markup) between them. */
export function joinHtml(parts: readonly SafeHtml[], separator: SafeHtml = html``): SafeHtml {
  return markup(parts.map(String).join(separator.toString()))
}

/**
 * The page's own constant text for a raw-text element (its stylesheet or
 * script), as a template with no values: never data from a report.
 */
export function pageConstant(strings: TemplateStringsArray): SafeHtml {
  if (strings.length !== 1 || !Object.isFrozen(strings)) {
    throw new TypeError('pageConstant takes a template literal without values')
  }
  const constant = markup(strings[0]!)
  pageConstants.add(constant)
  return constant
}
