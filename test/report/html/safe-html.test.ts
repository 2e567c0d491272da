import { describe, expect, it } from 'vitest'
import {
  escapeHtml,
  html,
  joinHtml,
  pageConstant,
  SafeHtml,
} from '../../../src/report/html/safe-html.ts'

const PAYLOAD = `<img src=x onerror="alert('x')">&amp;`
const ESCAPED = '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;amp;'

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute', () => {
    expect(escapeHtml(PAYLOAD)).toBe(ESCAPED)
    expect(escapeHtml('plain text, 40 €')).toBe('plain text, 40 €')
  })
})

describe('the html tagged template', () => {
  it('escapes every value, in text and in quoted attributes', () => {
    const out = html`<b title="${PAYLOAD}">${PAYLOAD}</b>`.toString()
    expect(out).toBe(`<b title="${ESCAPED}">${ESCAPED}</b>`)
  })

  it('escapes numbers and booleans as text too: a field that should be a number cannot smuggle markup', () => {
    const step = PAYLOAD as unknown as number
    expect(html`<p>Step ${step}: ${3} ${true}</p>`.toString()).toBe(
      `<p>Step ${ESCAPED}: 3 true</p>`,
    )
  })

  it('inserts markup it made as is, and each item of a list in turn', () => {
    const inner = html`<i>${PAYLOAD}</i>`
    expect(html`<p>${inner}${[inner, 'x<']}</p>`.toString()).toBe(
      `<p><i>${ESCAPED}</i><i>${ESCAPED}</i>x&lt;</p>`,
    )
    expect(joinHtml([html`a`, html`b`], html`, `).toString()).toBe('a, b')
  })

  it('has no way to turn a string into markup but a template literal', () => {
    // biome-ignore lint/suspicious/noExplicitAny: a caller that forces its way past the types.
    const Maker = SafeHtml as any
    expect(() => new Maker(Symbol('SafeHtml'), '<script>')).toThrow(/made by html/)
    const fake = Object.assign(['<b>', '</b>'], { raw: ['<b>', '</b>'] })
    expect(() => html(fake as unknown as TemplateStringsArray, 'x')).toThrow(/tagged template/)
    expect(() => pageConstant(fake as unknown as TemplateStringsArray)).toThrow(/without values/)
  })

  it('refuses a value where escaping cannot make it safe', () => {
    const value = 'x onmouseover=alert(1)'
    expect(() => html`<b title=${value}>`).toThrow(/unquoted attribute value/)
    expect(() => html`<${value}>`).toThrow(/tag name/)
    expect(() => html`<!-- ${value} -->`).toThrow(/comment/)
    expect(() => html`<b ${value}>`).toThrow(/only markup/)
    expect(() => html`<script>${value}</script>`).toThrow(/page constant/)
    expect(() => html`<style>${html`a{}`}</style>`).toThrow(/page constant/)
    expect(() => html`<b onclick="${value}">`).toThrow(/onclick attribute/)
    expect(() => html`<b style="${value}">`).toThrow(/style attribute/)
    expect(() => html`<a href="${value}">`).toThrow(/scheme/)
    expect(html`<a href="#${value}">`.toString()).toBe('<a href="#x onmouseover=alert(1)">')
  })

  it('takes markup between the attributes of a tag, and a page constant inside <style> and <script>', () => {
    const open = html` open`
    expect(html`<details class="a"${open}>`.toString()).toBe('<details class="a" open>')
    const css = pageConstant`b{color:red}`
    expect(html`<style>${css}</style>`.toString()).toBe('<style>b{color:red}</style>')
  })
})
