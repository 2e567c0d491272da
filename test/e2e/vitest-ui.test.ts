import { existsSync, mkdirSync } from 'node:fs'
import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { normaliseText } from '../support/normalise-text.ts'
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
  /** The detail pane's header: the test's place in the tree. */
  header: string
  /** The whole error box. */
  text: string
  /** The error's message, as AgentTwin wrote it (the box's first block). */
  message: string
  /** Vitest's expected/received diff, when the error has one. */
  diff: string
  scrollWidth: number
  clientWidth: number
}

/** Opens a test's report in the UI: the `nth` tree row with that name. */
async function openTest(page: Page, url: string, name: string, nth = 0): Promise<ErrorBox> {
  await page.goto(url)
  await page.getByText(name, { exact: true }).nth(nth).click()
  const box = page.locator('.task-error').first()
  await box.waitFor()
  const diff = box.locator('[data-testid=diff]')
  return {
    header: (await page.locator('[data-testid=file-detail] [op-50]').textContent()) ?? '',
    text: (await box.textContent()) ?? '',
    message: normaliseText((await box.locator('pre').first().textContent()) ?? ''),
    diff: (await diff.count()) > 0 ? ((await diff.textContent()) ?? '') : '',
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
    expect(box.header).toBe(
      'refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 vs v1.2.4 · NEW_CRITICAL_FAILURE',
    )
    expect(box.message).toMatchInlineSnapshot(`
      "PairRegression: NEW_CRITICAL_FAILURE: v1.3.0 is worse than v1.2.4 on
          refund-timeout-after-mutation.
      At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate
          called refund_payment(amount=40, order_id=ORD-1001).
      The candidate called the irreversible refund_payment without first calling
          get_refund_policy, which the baseline called at this point.
        refunded-exactly-once: PASS → FAIL
        refunded-amount: PASS → FAIL
        no-double-refund: PASS → FAIL
        success-backed-by-state: PASS → STATE_MISMATCH
        policy-before-refund: PASS → FAIL"
    `)
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
    const panel = page.locator('h1:has-text("Test Meta") + div')
    expect(await panel.locator('[font-bold]').allTextContents()).toEqual(['agenttwin'])
    const text = (await panel.locator('pre').textContent()) ?? ''
    expect(JSON.parse(text)).toMatchInlineSnapshot(`
      {
        "baseline": {
          "failed": [],
          "outcome": "SUCCESS (claim: SUCCESS, backed by state)",
          "toolCalls": 5,
        },
        "candidate": {
          "failed": [
            "refunded-exactly-once: FAIL",
            "refunded-amount: FAIL",
            "no-double-refund: FAIL",
            "success-backed-by-state: STATE_MISMATCH",
            "policy-before-refund: FAIL",
          ],
          "outcome": "SUCCESS (claim: STATE_MISMATCH)",
          "toolCalls": 4,
        },
        "changes": [
          "refunded-exactly-once: PASS → FAIL (regressed)",
          "refunded-amount: PASS → FAIL (regressed)",
          "no-double-refund: PASS → FAIL (regressed)",
          "success-backed-by-state: PASS → STATE_MISMATCH (regressed)",
          "policy-before-refund: PASS → FAIL (regressed)",
        ],
        "classification": "NEW_CRITICAL_FAILURE",
        "divergesAt": 2,
        "kind": "pair-case",
        "pair": {
          "baseline": "v1.2.4",
          "candidate": "v1.3.0",
        },
        "pairIndex": 0,
        "scenario": "refund-timeout-after-mutation@1.0.0",
      }
    `)
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
    expect(box.header).toBe(
      'refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > success-backed-by-state',
    )
    expect(box.message).toMatchInlineSnapshot(
      `"ExpectationFailed: success-backed-by-state (outcomeVerified, critical) is STATE_MISMATCH: The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3."`,
    )
    expect(box.diff).toMatchInlineSnapshot(`
      "- Expected
      + Received

        {
      -   "orders.ORD-1001.refunded_amount": 40,
      +   "orders.ORD-1001.refunded_amount": 80,
        }"
    `)
    const note = page.locator('[role=note]').first()
    expect(await note.locator('.font-bold').textContent()).toBe('agenttwin')
    expect(await note.locator('[data-testid=task-error]').textContent()).toMatchInlineSnapshot(
      `"STATE_MISMATCH. The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3."`,
    )
    expect((await metaPanel(page)).lines).toBeLessThan(40)
    await page.screenshot({ path: `${shots}/vitest-ui-expectation-test.png`, fullPage: true })
  })
})
