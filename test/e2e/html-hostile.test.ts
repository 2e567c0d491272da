import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { Ajv } from 'ajv'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runCli } from '../../src/cli/main.ts'
import { comparisonReportSchema } from '../../src/compare/report-schema.ts'
import { renderCheckedHtml } from '../../src/report/html/index.ts'
import type { CheckedReport } from '../../src/report/validate.ts'
import { captureIO } from '../cli/capture-io.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => Boolean(path && existsSync(path)),
)

const tmp = freshTmpDir('html-hostile')
const fixture = new URL('../report/fixtures/trials-report.json', import.meta.url)

// Each part tries another way out of its context: text, a quoted attribute, a URL, a raw-text element.
const PAYLOAD = [
  `"'><img src=x onerror="window.__ran=1;alert('img')">`,
  `<script>window.__ran=2;alert('script')</script>`,
  `<svg onload="window.__ran=3;alert('svg')"></svg>`,
  `</style><style>body{display:none}</style>`,
  `<a href="javascript:alert('href')">x</a>`,
].join('')

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Every string (and, with `numbers`, every number) with the payload, keys of free JSON too. */
function poison(value: Json, numbers: boolean, freeKeys = false): Json {
  if (typeof value === 'string') return `${value}${PAYLOAD}`
  if (typeof value === 'number') return numbers ? `${value}${PAYLOAD}` : value
  if (Array.isArray(value)) return value.map((item) => poison(item, numbers, freeKeys))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const free = freeKeys || ['args', 'before', 'after', 'evidence', 'byTool'].includes(key)
        // Rates are computed with (toFixed, rounding), not only shown: they stay numbers.
        const keepNumbers = key === 'trials' && typeof inner === 'object'
        return [freeKeys ? `${key}${PAYLOAD}` : key, poison(inner, numbers && !keepNumbers, free)]
      }),
    )
  }
  return value
}

function valueAt(root: Json, pointer: string): { parent: Json; key: string } {
  const keys = pointer
    .slice(1)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
  const parent = keys.slice(0, -1).reduce<Json>((value, key) => (value as never)[key], root)
  return { parent, key: keys.at(-1)! }
}

/**
 * The report with a payload in every string its schema lets hold free text:
 * strings are poisoned, then each one the schema refuses (an enumeration, a
 * pattern) gets its original value back, until the report validates.
 */
function poisonedButValid(original: Json): Json {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(comparisonReportSchema)
  const report = poison(original, false)
  for (let round = 0; round < 5 && !validate(report); round++) {
    for (const error of validate.errors ?? []) {
      if (error.instancePath === '') continue
      const target = valueAt(report, error.instancePath)
      const source = valueAt(original, error.instancePath)
      if (typeof (source.parent as never)?.[source.key] === 'string') {
        ;(target.parent as Record<string, Json>)[target.key] = (source.parent as never)[source.key]
      }
    }
  }
  expect(validate(report), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
  return report
}

describe.skipIf(!executablePath)('a hostile report in headless Chromium runs no script', () => {
  let browser: Browser
  let original: Json
  const pages: Record<string, string> = {}

  beforeAll(async () => {
    original = JSON.parse(readFileSync(fixture, 'utf8'))
    // Through the CLI: every free-text string of a valid report holds the payload.
    writeFileSync(`${tmp}/strings.json`, JSON.stringify(poisonedButValid(original), null, 2))
    const io = captureIO(tmp)
    expect(await runCli(['report', 'strings.json', '--out', 'strings.html'], io), io.err()).toBe(0)
    pages.cli = readFileSync(`${tmp}/strings.html`, 'utf8')
    // The renderer alone, past the schema check: numbers and enumerations hold it too.
    pages.unchecked = renderCheckedHtml(poison(original, true) as unknown as CheckedReport)
    // The same pages with their content security policy cut out: escaping alone must hold.
    for (const name of ['cli', 'unchecked']) {
      pages[`${name}-no-csp`] = pages[name]!.replace(
        /<meta http-equiv="Content-Security-Policy"[^>]*>/,
        '',
      )
      expect(pages[`${name}-no-csp`]).not.toBe(pages[name])
    }
    for (const [name, text] of Object.entries(pages)) writeFileSync(`${tmp}/${name}.html`, text)
    const { chromium } = await import('playwright-core')
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] })
  })

  afterAll(async () => {
    await browser?.close()
  })

  async function open(name: string, hash = '') {
    const page: Page = await browser.newPage()
    const seen = { dialogs: [] as string[], errors: [] as string[], violations: [] as string[] }
    page.on('dialog', (dialog) => {
      seen.dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on('pageerror', (error) => seen.errors.push(error.message))
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        seen.violations.push(message.text())
    })
    await page.goto(`${pathToFileURL(`${tmp}/${name}.html`).href}${hash}`)
    await page.waitForLoadState('load')
    return { page, seen }
  }

  test.each(['cli', 'unchecked', 'cli-no-csp', 'unchecked-no-csp'])(
    'the %s page shows the payload as text and runs none of it',
    async (name) => {
      const { page, seen } = await open(name)
      const dom = await page.evaluate(() => ({
        ran: (window as unknown as { __ran?: number }).__ran ?? null,
        scripts: document.scripts.length,
        styles: document.querySelectorAll('style').length,
        injected: document.querySelectorAll(
          'img, svg, iframe, object, embed, a[href^="javascript"]',
        ).length,
        handlers: Array.from(document.querySelectorAll('*')).flatMap((el) =>
          el.getAttributeNames().filter((attribute) => attribute.startsWith('on')),
        ),
        shown: document.body.textContent?.includes(`<script>window.__ran=2;`) ?? false,
      }))
      expect(dom).toEqual({
        ran: null,
        scripts: 1,
        styles: 1,
        injected: 0,
        handlers: [],
        shown: true,
      })
      expect(seen.dialogs).toEqual([])
      expect(seen.errors).toEqual([])
      await page.close()
    },
  )

  test('the page runs its own script and style under its policy, and breaks none of it', async () => {
    const { page, seen } = await open('cli')
    // The style applied (the gate is coloured) and the script ran (a filter hides cells).
    const gate = await page.$eval('header .gate', (el) => getComputedStyle(el).backgroundColor)
    expect(gate).not.toBe('rgba(0, 0, 0, 0)')
    await page.uncheck('input[name=class][value=REGRESSED]')
    expect(await page.$$eval('.matrix td.cell.dim', (tds) => tds.length)).toBeGreaterThan(0)
    expect(seen.violations).toEqual([])
    expect(seen.errors).toEqual([])
    await page.close()
  })

  test('a malformed location hash is taken as written, not thrown on', async () => {
    const { page, seen } = await open('cli', '#%E0%A4%A')
    await page.evaluate(() => {
      location.hash = '#%zz'
    })
    await page.waitForFunction(() => location.hash === '#%zz')
    expect(seen.errors).toEqual([])
    await page.close()
  })

  test('agenttwin report refuses the report whose numbers hold the payload, and writes nothing', async () => {
    writeFileSync(`${tmp}/numbers.json`, JSON.stringify(poison(original, true), null, 2))
    const io = captureIO(tmp)
    const stderr = () => io.err()
    expect(await runCli(['report', 'numbers.json', '--out', 'numbers.html'], io)).toBe(2)
    expect(normaliseText(stderr(), { tmp })).toMatchInlineSnapshot(`
      "agenttwin report: numbers.json:1:1 is not an AgentTwin comparison report: "schema" is "agenttwin/comparison-report.v2\\"'><img src=x onerror=\\"window.__ran=1;alert('img')\\"><script>window.__ran=2;alert('script')</script><svg onload=\\"window.__ran=3;alert('svg')\\"></svg></style><style>body{display:none}</style><a href=\\"javascript:alert('href')\\">x</a>", expected "agenttwin/comparison-report.v2". Fix: pass the JSON report the AgentTwin reporter wrote, e.g. reports/agenttwin.json. [AGENTTWIN_INVALID_REPORT]
      "
    `)
    expect(stderr()).not.toMatch(/unexpected error|\n\s+at /)
    expect(existsSync(`${tmp}/numbers.html`)).toBe(false)
  })
})
