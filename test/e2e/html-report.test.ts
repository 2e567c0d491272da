import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reportCommand } from '../../src/cli/commands/report.ts'
import type { ComparisonReport } from '../../src/compare/report.ts'
import { AgentTwinReporter } from '../../src/public/reporter.ts'
import { parseHtml } from '../support/html-dom.ts'
import { repoRoot } from './helpers/normalize.ts'
import { runVitest } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// Debian's chromium (installed by .ci/run), or another binary named by CHROMIUM_PATH.
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => Boolean(path && existsSync(path)),
)
if (!executablePath) {
  console.warn(
    'html-report: skipped, no Chromium found at /usr/bin/chromium or $CHROMIUM_PATH (apt-get install -y chromium).',
  )
}

const tmp = freshTmpDir('html-report')
const shots = `${repoRoot}/reports/screenshots`
const TIMEOUT_CASE = 'refund-timeout-after-mutation/v1.3.0-vs-v1.2.4'

describe.skipIf(!executablePath)('the HTML report of the demo, in headless Chromium', () => {
  let browser: Browser
  let page: Page
  let report: ComparisonReport
  const requests: string[] = []
  const violations: string[] = []

  beforeAll(async () => {
    const run = await runVitest({
      root: repoRoot,
      project: ['demo'],
      reporters: [new AgentTwinReporter({ outputFile: `${tmp}/demo.json` })],
    })
    expect(run.exitCode).toBe(0)
    report = JSON.parse(readFileSync(`${tmp}/demo.json`, 'utf8'))
    mkdirSync(shots, { recursive: true })
    const { chromium } = await import('playwright-core')
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] })
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) requests.push(request.url())
    })
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text())
    })
    await page.goto(pathToFileURL(`${tmp}/demo.html`).href)
  })

  afterAll(async () => {
    await browser?.close()
  })

  test('the CLI renders the same page from the JSON the reporter wrote', async () => {
    const out: string[] = []
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t), cwd: tmp }
    const code = await reportCommand.run(['demo.json', '--out', 'cli.html'], io)
    expect(code).toBe(0)
    expect(readFileSync(`${tmp}/cli.html`, 'utf8')).toBe(readFileSync(`${tmp}/demo.html`, 'utf8'))
  })

  test('the matrix holds 9 scenarios × 3 pairs, each cell coloured by its classification', async () => {
    const cells = await page.$$eval('.matrix td.cell', (tds) =>
      tds.map((td) => ({
        cls: td.getAttribute('data-class'),
        colour: getComputedStyle(td).backgroundColor,
      })),
    )
    expect(cells).toHaveLength(27)
    const expected = report.pairs[0]!.cases.flatMap((item) =>
      report.pairs.map(
        (pair) =>
          pair.cases.find((other) => other.scenario.id === item.scenario.id)!.classification,
      ),
    )
    expect(cells.map((cell) => cell.cls)).toEqual(expected)
    const tally = Object.fromEntries(
      [...new Set(expected)].map((name) => [name, expected.filter((c) => c === name).length]),
    )
    expect(tally).toEqual({ UNCHANGED: 21, REGRESSED: 1, IMPROVED: 3, NEW_CRITICAL_FAILURE: 2 })
    const colourOf = (name: string) =>
      new Set(cells.filter((c) => c.cls === name).map((c) => c.colour))
    for (const name of Object.keys(tally)) expect(colourOf(name).size).toBe(1)
    expect(new Set(cells.map((c) => c.colour)).size).toBe(4)
    const gates = await page.$$eval('.matrix .pair .gate', (els) => els.map((el) => el.textContent))
    expect(gates).toEqual(['BLOCK', 'PASS', 'PASS'])
  })

  test('the filters hide unchanged cases and keep critical ones', async () => {
    await page.uncheck('input[name=class][value=UNCHANGED]')
    const visible = () => page.$$eval('.matrix td.cell:not(.dim)', (tds) => tds.length)
    expect(await visible()).toBe(6)
    await page.check('input[name=critical]')
    // A critical expectation moved: the two new critical failures, and their fixes in 1.3.1.
    const critical = await page.$$eval('.matrix td.cell:not(.dim)', (tds) =>
      tds.map(
        (td) =>
          `${td.closest('tr')!.getAttribute('data-scenario')} ${td.getAttribute('data-class')}`,
      ),
    )
    expect(critical.sort()).toEqual([
      'refund-timeout-after-mutation IMPROVED',
      'refund-timeout-after-mutation NEW_CRITICAL_FAILURE',
      'refund-tool-success-lie IMPROVED',
      'refund-tool-success-lie NEW_CRITICAL_FAILURE',
    ])
    await page.uncheck('input[name=critical]')
    await page.check('input[name=class][value=UNCHANGED]')
    expect(await visible()).toBe(27)
    expect(await page.$('input[name=flaky]')).toBeNull()
  })

  test('the timeout case shows both lanes, diverging at step 2 with its sentence', async () => {
    await page.goto(`${pathToFileURL(`${tmp}/demo.html`).href}#${TIMEOUT_CASE}`)
    const section = page.locator(`[id="${TIMEOUT_CASE}"]`)
    expect(await section.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true)
    const row = section.locator('.lanes tr.diverge')
    expect(await row.getAttribute('data-step')).toBe('2')
    // The row read through the DOM: a block (a call, a change) apart from the next.
    const lanes = parseHtml(`<table>${await row.evaluate((el) => el.outerHTML)}</table>`)
    expect(lanes.text('td.baseline')).toMatchInlineSnapshot(
      `"get_refund_policy(order_id=ORD-1001) 200"`,
    )
    expect(lanes.text('td.candidate')).toMatchInlineSnapshot(
      `"refund_payment(amount=40, order_id=ORD-1001) 504 fault: timeout_after_mutation orders.ORD-1001.refunded_amount 0 → 40 orders.ORD-1001.refund_count 0 → 1 orders.ORD-1001.refundable_amount 128 → 88 orders.ORD-1001.refunds [] → [{"refund_id":"rf_1","amount":40,"created_at":"2026-01-05T09:00:01.000Z"}]"`,
    )
    expect(await row.locator('td.candidate .badge.fault').textContent()).toBe(
      'fault: timeout_after_mutation',
    )
    const note = await section.locator('.lanes tr.diverge-note').textContent()
    const divergence = report.pairs[0]!.cases.find(
      (c) => c.scenario.id === 'refund-timeout-after-mutation',
    )!.divergence!
    // The JSON report's sentence and detail, as the page words them.
    expect(note).toBe(`First divergence (tool). ${divergence.sentence} ${divergence.detail}`)
    expect(note).toMatchInlineSnapshot(
      `"First divergence (tool). At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001). The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point."`,
    )
    await section.screenshot({ path: `${shots}/html-report-timeout-case.png` })
  })

  test('nothing overflows sideways at 1280 px with every case and value unfolded', async () => {
    await page.evaluate(() => {
      document.querySelectorAll('details').forEach((el) => {
        el.open = true
      })
    })
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('td, th, pre, .case'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.outerHTML.slice(0, 120)),
    }))
    expect(overflow).toEqual({ page: 1280, wide: [] })
    await page.screenshot({ path: `${shots}/html-report.png` })
  })

  test('the page makes no network request and breaks no content policy', () => {
    expect(requests).toEqual([])
    expect(violations).toEqual([])
  })
})
