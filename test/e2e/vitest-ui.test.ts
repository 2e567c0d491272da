import { existsSync, mkdirSync } from 'node:fs'
import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { repoRoot } from './helpers/normalize.ts'
import { runVitest } from './helpers/run-vitest.ts'
import { serveFolder } from './helpers/static-server.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// The real Vitest UI (`@vitest/ui`, as the html reporter writes it) in
// Debian's chromium, or another binary named by CHROMIUM_PATH.
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => Boolean(path && existsSync(path)),
)
if (!executablePath) {
  console.warn(
    'vitest-ui: skipped, no Chromium found at /usr/bin/chromium or $CHROMIUM_PATH (apt-get install -y chromium).',
  )
}

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url))
const tmp = freshTmpDir('vitest-ui')
const shots = `${repoRoot}/reports/screenshots`

/** Writes the Vitest UI of one fixture run as a static page and serves it. */
async function uiOf(fixture: string): Promise<{ url: string; server: Server }> {
  const out = `${tmp}/${fixture}`
  await runVitest({
    root: `${fixtures}/${fixture}`,
    reporters: ['html'],
    outputFile: { html: `${out}/index.html` },
  })
  return serveFolder(out)
}

interface ErrorBox {
  header: string
  text: string
  scrollWidth: number
  clientWidth: number
}

/** Opens a test's report in the UI: the `nth` tree row with that name. */
async function openTest(page: Page, url: string, name: string, nth = 0): Promise<ErrorBox> {
  await page.goto(url)
  await page.getByText(name, { exact: true }).nth(nth).click()
  const box = page.locator('.task-error').first()
  await box.waitFor()
  return {
    header: (await page.locator('#app').textContent()) ?? '',
    text: (await box.textContent()) ?? '',
    scrollWidth: await box.evaluate((el) => el.scrollWidth),
    clientWidth: await box.evaluate((el) => el.clientWidth),
  }
}

/** The Test Meta panel's lines and whether any of its boxes scrolls sideways. */
function metaPanel(page: Page): Promise<{ lines: number; overflows: boolean }> {
  return page.evaluate(() => {
    const heading = Array.from(document.querySelectorAll('h1')).find((h) =>
      h.textContent?.includes('Test Meta'),
    )
    const pres = Array.from(heading?.nextElementSibling?.querySelectorAll('pre') ?? [])
    return {
      lines: pres.reduce((sum, pre) => sum + (pre.textContent ?? '').split('\n').length, 0),
      overflows: pres.some((pre) => pre.scrollWidth > pre.clientWidth + 1),
    }
  })
}

describe.skipIf(!executablePath)('the Vitest UI of AgentTwin tests, in headless Chromium', () => {
  let browser: Browser
  let page: Page
  const servers: Server[] = []

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    const { chromium } = await import('playwright-core')
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] })
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  })

  afterAll(async () => {
    await browser?.close()
    for (const server of servers) server.close()
  })

  test('a failing pair test: the diff does not scroll sideways, and the e-mails differ visibly', async () => {
    const { url, server } = await uiOf('pair')
    servers.push(server)
    // The timeout case's pair test carries its class in its name.
    const box = await openTest(page, url, 'v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE')
    expect(box.header).toContain('refund-timeout-after-mutation')
    expect(box.text).toContain('PairRegression: NEW_CRITICAL_FAILURE')
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth)
    // The two send_customer_email steps differ late in the body: that folded line shows both ways.
    const lines = box.text.split('\n')
    expect(
      lines.filter((line) => /^[-+] +we have refunded .*\(reference rf_\d\)/.test(line)),
    ).toEqual([expect.stringMatching(/^- .*rf_1/), expect.stringMatching(/^\+ .*rf_2/)])
    await page.screenshot({ path: `${shots}/vitest-ui-pair-test.png`, fullPage: true })
  })

  test('the meta panel of a pair test is a short summary, not the recorded runs', async () => {
    const meta = await metaPanel(page)
    expect(meta.lines).toBeLessThan(40)
    expect(meta.overflows).toBe(false)
    const text = await page.locator('h1:has-text("Test Meta") + div').textContent()
    expect(text).toContain('"classification": "NEW_CRITICAL_FAILURE"')
    expect(text).toContain('refunded-exactly-once: PASS → FAIL (regressed)')
    expect(text).not.toContain('initialState')
  })

  test('a declared gate: the tree names the class of each changed case, green or not', async () => {
    const { url, server } = await uiOf('demo-pairs')
    servers.push(server)
    await page.goto(url)
    const tree = page.getByText(/^v1\.3\.\d vs v1\.\d\.\d/)
    await tree.first().waitFor()
    const names = (await tree.allTextContents()).map((name) => name.trim()).sort()
    expect(names).toEqual([
      'v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE',
      'v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE',
      'v1.3.0 vs v1.2.4 · REGRESSED',
      'v1.3.1 vs v1.2.4',
      'v1.3.1 vs v1.2.4',
      'v1.3.1 vs v1.2.4',
      'v1.3.1 vs v1.3.0 · IMPROVED',
      'v1.3.1 vs v1.3.0 · IMPROVED',
      'v1.3.1 vs v1.3.0 · IMPROVED',
    ])
    await page.screenshot({ path: `${shots}/vitest-ui-declared-gate.png`, fullPage: true })
  })

  test('a failing expectation test has its annotation and an expected/actual diff', async () => {
    const { url, server } = await uiOf('single-version')
    servers.push(server)
    // The second row of that name is the timeout case's (files sort by name).
    const box = await openTest(page, url, 'success-backed-by-state', 1)
    expect(box.header).toContain('refund-timeout-after-mutation')
    expect(box.text).toContain('ExpectationFailed: success-backed-by-state')
    expect(box.text).toContain('- Expected')
    expect(box.text).toContain('"orders.ORD-1001.refunded_amount": 80')
    const note = await page.locator('[role=note]').first().textContent()
    expect(note).toContain('agenttwin')
    expect(note).toContain('STATE_MISMATCH. The agent claimed SUCCESS')
    expect((await metaPanel(page)).lines).toBeLessThan(40)
    await page.screenshot({ path: `${shots}/vitest-ui-expectation-test.png`, fullPage: true })
  })
})
