/**
 * The DOM helper the HTML report tests read through: it must never run what
 * it parses (a hostile page stays elements to count), and its queries must
 * refuse an ambiguous selector rather than read the wrong element.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { parseHtml, textOf } from './html-dom.ts'

const marks = globalThis as { ranInPage?: boolean }

afterEach(() => {
  delete marks.ranInPage
})

describe('parseHtml', () => {
  it('runs no script and no handler of the page it reads', async () => {
    const page = parseHtml(
      '<!doctype html><html><body><script>globalThis.ranInPage = true</script>' +
        '<img src="data:," onerror="globalThis.ranInPage = true"><p>after</p></body></html>',
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(marks.ranInPage).toBeUndefined()
    expect(page.all('script').map(textOf)).toEqual(['globalThis.ranInPage = true'])
    expect(page.attr('img', 'onerror')).toBe('globalThis.ranInPage = true')
    expect(page.text('p')).toBe('after')
  })

  it('reads text as a reader sees it: whitespace collapsed, block elements apart', () => {
    const page = parseHtml('<div id="a">one <b>two</b>\n  three<ul><li>x</li><li>y</li></ul></div>')
    expect(page.text('#a')).toBe('one two three x y')
    expect(page.texts('li')).toEqual(['x', 'y'])
  })

  it('reads a table by its rows and finds a row by its first cell', () => {
    const page = parseHtml(
      '<table class="t"><thead><tr><th></th><th>a</th></tr></thead>' +
        '<tbody><tr><th>llm</th><td>live <span>gpt</span></td></tr></tbody></table>',
    )
    expect(page.rows('table.t')).toEqual([
      ['', 'a'],
      ['llm', 'live gpt'],
    ])
    expect(page.row('table.t', 'llm')).toEqual(['llm', 'live gpt'])
    expect(page.text('span', page.cells('table.t', 'llm')[1]!)).toBe('gpt')
  })

  it('refuses a selector that names no element or several, and a row that is not there', () => {
    const page = parseHtml('<p>a</p><p>b</p><table class="t"><tr><td>x</td></tr></table>')
    expect(() => page.text('p')).toThrow('expected one element for "p", found 2')
    expect(() => page.one('h1')).toThrow('expected one element for "h1", found 0')
    expect(() => page.row('table.t', 'y')).toThrow('expected one row "y" in "table.t", found 0')
  })
})
