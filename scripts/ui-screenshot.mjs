#!/usr/bin/env node
// Screenshots of a running Vitest UI, taken with a headless Chromium: how to
// look at what the UI shows for scenario tests (tree, errors and diffs,
// annotations, task meta, the YAML in the Code tab) without a desktop.
//
// Needs a Chromium binary (Debian: `apt-get install chromium`) and
// playwright-core, which is not a dependency of this project:
//   npm i --no-save playwright-core   (no browser download; the system Chromium is used)
//
// Start the UI in watch mode (without a TTY Vitest runs once and the UI exits):
//   npx vitest --watch --ui --open=false --api.port=51204 --root <project> < /dev/null &
// Then, for example:
//   node scripts/ui-screenshot.mjs --out /tmp/tree.png
//   node scripts/ui-screenshot.mjs --test 'refund-happy-path > v1.3.0 vs v1.2.4' --out /tmp/report.png
//   node scripts/ui-screenshot.mjs --test 'refund-happy-path > v1.3.0 vs v1.2.4' --view code --out /tmp/code.png
//   node scripts/ui-screenshot.mjs --test '... > name' --element .task-error --out /tmp/error.png
//
// Options:
//   --url <url>        the UI (default http://localhost:51204/__vitest__/)
//   --out <file.png>   where to write the screenshot (required)
//   --test <a > b>     select a test: the last part is the test name, earlier parts
//                      are substrings of an enclosing file or suite row in the tree
//   --view <name>      report (default once a test is selected), code, graph, console, or
//                      source: the row's "View Test Source Code" button (Code tab at the
//                      test's location, e.g. the YAML line of a scenario expectation)
//   --hover            hover the selected row's source button (shows its tooltip)
//   --element <css>    screenshot only the first element matching this selector, whole
//                      (up to its own scroll box): .task-error (a failure's red box with
//                      message, location and diff), [data-testid=diff], [role=note] (an annotation)
//   --scroll <text>    scroll until this text is at the top (e.g. 'Test Meta')
//   --size <w>x<h>     viewport (default 1600x1000)
//   --text             also print the details panel's text to stdout
//   --chromium <path>  the browser binary (default /usr/bin/chromium or $CHROMIUM)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

/** A wrong option or a row the tree does not have: said plainly, the browser still closed. */
class UsageError extends Error {}

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:51204/__vitest__/' },
    out: { type: 'string' },
    test: { type: 'string' },
    view: { type: 'string' },
    element: { type: 'string' },
    scroll: { type: 'string' },
    size: { type: 'string', default: '1600x1000' },
    text: { type: 'boolean', default: false },
    hover: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM ?? '/usr/bin/chromium' },
  },
})
if (!options.out) usage('--out <file.png> is required')

const chromium = await loadChromium()
const [width, height] = options.size.split('x').map(Number)
const profile = mkdtempSync(join(tmpdir(), 'ui-screenshot-'))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: options.chromium,
  headless: true,
  viewport: { width, height },
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
try {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto(options.url)
  await page.waitForSelector('[data-testid=explorer-item]', { timeout: 60_000 })
  // The tree fills in as results arrive over the WebSocket; wait until nothing runs.
  await page.waitForFunction(() => !/RUNNING \([1-9]/.test(document.body.textContent), null, {
    timeout: 300_000,
  })
  await page.waitForTimeout(500)
  const row = options.test ? await selectTest(page, options.test) : undefined
  if (options.view === 'source' || options.hover) {
    if (!row) throw new UsageError('--view source and --hover need --test')
    const button = row.locator('[data-testid=btn-open-details]')
    await row.hover()
    if (options.hover) await button.hover()
    else await button.click()
    await page.waitForTimeout(1_000)
  } else if (options.view) {
    await page.click(`[data-testid=btn-${options.view}]`)
    await page.waitForTimeout(1_000)
  }
  if (options.scroll) {
    await page
      .getByText(options.scroll, { exact: false })
      .first()
      .evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await page.waitForTimeout(300)
  }
  if (options.element) {
    await page.locator(options.element).first().screenshot({ path: options.out })
  } else {
    await page.screenshot({ path: options.out })
  }
  if (options.text) {
    const text = await page.evaluate(() => {
      const panel = document.querySelector('[data-testid=file-detail]') ?? document.body
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, line breaks included, is what a user reads
      return panel.innerText
    })
    process.stdout.write(`${text}\n`)
  }
  process.stderr.write(`${options.out} (${page.url()})\n`)
} catch (error) {
  if (!(error instanceof UsageError)) throw error
  process.stderr.write(`ui-screenshot: ${error.message}\n`)
  process.exitCode = 1
} finally {
  await context.close()
  rmSync(profile, { recursive: true, force: true })
}

async function selectTest(page, path) {
  const parts = path.split(' > ').map((part) => part.trim())
  const name = parts.at(-1)
  const rows = page.locator('[data-testid=explorer-item]')
  // The tree is virtualised: filter it so the rows we need are rendered.
  await page.getByPlaceholder(/Search/).fill(name)
  await page.waitForTimeout(500)
  const labels = await rows.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('aria-label') ?? ''),
  )
  if (labels.length === 0) throw new UsageError(`the test tree has no row matching "${name}"`)
  let from = 0
  for (const part of parts.slice(0, -1)) {
    const found = labels.findIndex((label, index) => index >= from && label.includes(part))
    if (found < 0)
      throw new UsageError(`no row matching "${part}" in the test tree: ${labels.join(' | ')}`)
    from = found + 1
  }
  const index = labels.findIndex((label, at) => at >= from && label === name)
  if (index < 0)
    throw new UsageError(`no row named "${name}" under "${parts.slice(0, -1).join(' > ')}"`)
  const row = rows.nth(index)
  // A suite row's click folds it; its source button works without it.
  if (options.view !== 'source') {
    await row.click()
    await page.waitForSelector('[data-testid=file-detail]')
    await page.waitForTimeout(1_000)
  }
  return row
}

async function loadChromium() {
  try {
    return (await import('playwright-core')).chromium
  } catch {
    const fallback = process.env.PLAYWRIGHT_CORE
    if (fallback) return (await import(fallback)).chromium
    usage(
      'playwright-core is not installed: npm i --no-save playwright-core (or set PLAYWRIGHT_CORE to its index.mjs)',
    )
  }
}

function usage(message) {
  process.stderr.write(`ui-screenshot: ${message}\n`)
  process.exit(1)
}
