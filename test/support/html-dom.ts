/**
 * A rendered HTML page read through the DOM, as a browser would build it, with
 * none of its scripts run and nothing loaded: a test names the element it
 * means ("the divergence paragraph of this case") instead of searching the
 * page's source for a string that could sit anywhere.
 */
import { type Document, type Element, type Node, Window } from 'happy-dom'

/** Where a query looks: the whole page, or inside one element of it. */
type Root = Document | Element

/** The queries a test asks of a page; each takes an optional element to look inside. */
export interface HtmlPage {
  readonly document: Document
  /** The one element the selector names; throws when it names none or several. */
  one(selector: string, root?: Root): Element
  /** Every element the selector names, in document order. */
  all(selector: string, root?: Root): Element[]
  /** The text of the one element the selector names, whitespace collapsed. */
  text(selector: string, root?: Root): string
  /** The text of every element the selector names, whitespace collapsed. */
  texts(selector: string, root?: Root): string[]
  /** The cells' texts of every row of the one table the selector names, header row first. */
  rows(selector: string, root?: Root): string[][]
  /** The cells' texts of the one row of that table whose first cell reads `first`. */
  row(selector: string, first: string, root?: Root): string[]
  /** The cells of that row, as elements, to read inside one (`cells(...)[1]` is the second). */
  cells(selector: string, first: string, root?: Root): Element[]
  /** An attribute of the one element the selector names (`null` when it has none). */
  attr(selector: string, name: string, root?: Root): string | null
}

// Elements a browser lays out on their own line: their text stays apart from its neighbours'.
const BLOCKS = new Set([
  'DIV',
  'P',
  'LI',
  'UL',
  'OL',
  'PRE',
  'TR',
  'TD',
  'TH',
  'H1',
  'H2',
  'H3',
  'H4',
  'SUMMARY',
  'DETAILS',
  'SECTION',
  'TABLE',
])

/**
 * An element's text as a reader sees it in one line: runs of whitespace become
 * one space, and block elements (a list item, a paragraph) are apart by one.
 */
export function textOf(node: Element | Document): string {
  const parts: string[] = []
  const walk = (current: Node) => {
    if (current.nodeType === current.TEXT_NODE) parts.push(current.textContent ?? '')
    const block = BLOCKS.has((current as Element).tagName ?? '')
    if (block) parts.push(' ')
    for (const child of current.childNodes) walk(child)
    if (block) parts.push(' ')
  }
  walk(node)
  return parts.join('').replace(/\s+/g, ' ').trim()
}

/**
 * Parses a whole page without running it: a document DOMParser builds never
 * runs its scripts, and JavaScript evaluation and file loads are off besides,
 * so a hostile `<script>` that slipped in stays an element the test can
 * count, never code that runs.
 * @example
 * const page = parseHtml(renderHtml(report))
 * page.text('details.case .divergence') // 'Step 2: At step 2 the baseline ...'
 */
export function parseHtml(source: string): HtmlPage {
  const window = new Window({
    settings: {
      enableJavaScriptEvaluation: false,
      disableJavaScriptFileLoading: true,
      enableCSSFileLoading: false,
      enableImageFileLoading: false,
      navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true },
    },
  })
  const document = new window.DOMParser().parseFromString(source, 'text/html')
  const all = (selector: string, root: Root = document) => [...root.querySelectorAll(selector)]
  const one = (selector: string, root: Root = document) => {
    const found = all(selector, root)
    if (found.length !== 1) {
      throw new Error(`expected one element for "${selector}", found ${found.length}`)
    }
    return found[0]!
  }
  const rows = (selector: string, root?: Root) =>
    all('tr', one(selector, root)).map((tr) => all('th, td', tr).map(textOf))
  const cells = (selector: string, first: string, root?: Root) => {
    const found = all('tr', one(selector, root))
      .map((tr) => all('th, td', tr))
      .filter((row) => row[0] !== undefined && textOf(row[0]) === first)
    if (found.length !== 1) {
      throw new Error(`expected one row "${first}" in "${selector}", found ${found.length}`)
    }
    return found[0]!
  }
  return {
    document,
    one,
    all,
    text: (selector, root) => textOf(one(selector, root)),
    texts: (selector, root) => all(selector, root).map(textOf),
    rows,
    row: (selector, first, root) => cells(selector, first, root).map(textOf),
    cells,
    attr: (selector, name, root) => one(selector, root).getAttribute(name),
  }
}
