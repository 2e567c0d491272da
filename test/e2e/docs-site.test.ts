import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// The documentation site as a reader gets it: built offline by the same
// command CI runs (generation, VitePress, the link check), served as static
// files, and opened in headless Chromium, where every guide page and a sample
// of each reference kind must pass axe's accessibility rules.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const dist = join(repo, 'docs/.vitepress/dist')
const screenshots = join(repo, 'reports/screenshots')
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => Boolean(path && existsSync(path)),
)
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

let server: Server
let base: string
let browser: Browser
let build: string

/** Serves the built site with VitePress's clean URLs (`/guide/ci` is `guide/ci.html`). */
function serve(): Promise<string> {
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`]
    const file = candidates
      .map((c) => join(dist, c))
      .find((f) => f.startsWith(dist) && existsSync(f) && !f.endsWith('/'))
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )
}

beforeAll(async () => {
  build = execSync('npm run docs:build', { cwd: repo, encoding: 'utf8', stdio: 'pipe' })
  base = await serve()
  const { chromium } = await import('playwright-core')
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] })
  mkdirSync(screenshots, { recursive: true })
}, 900_000)

afterAll(async () => {
  await browser?.close()
  server?.close()
})

/** Every page of the guide and the releases, and the first page of each reference kind. */
function pagesToCheck(): string[] {
  const guide = readdirSync(join(dist, 'guide'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/guide/${file.replace(/\.html$/, '')}`)
  return [
    '/',
    ...guide,
    '/releases/',
    '/reference/',
    '/reference/scenario',
    '/reference/faults',
    '/reference/expectations',
    '/reference/cli/diff',
    '/reference/errors/',
    '/reference/errors/agenttwin_unknown_tool',
  ]
}

describe('the documentation site', () => {
  test('builds offline with no broken page, anchor or example link', () => {
    expect(build).toMatch(/links ok: \d+ pages checked/)
    expect(existsSync(join(dist, 'reference/errors/agenttwin_unknown_tool.html'))).toBe(true)
  })

  test('every page checked passes axe with no violation', async () => {
    const axe = readFileSync(join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8')
    const violations: string[] = []
    for (const path of pagesToCheck()) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const response = await page.goto(`${base}${path}`)
      expect(response?.status(), path).toBe(200)
      await page.addScriptTag({ content: axe })
      const found = (await page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: { run(): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> }
          }
        ).axe.run()
        return result.violations.map(
          (v) =>
            `${v.id} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        )
      })) as string[]
      violations.push(...found.map((v) => `${path}: ${v}`))
      await page.close()
    }
    expect(violations).toEqual([])
  }, 300_000)

  test('the getting-started page and a reference page render at 1280 px (screenshots kept in reports/screenshots)', async () => {
    for (const [name, path] of [
      ['docs-getting-started', '/guide/getting-started'],
      ['docs-ai-sdk-starter', '/guide/ai-sdk-starter'],
      ['docs-reference-faults', '/reference/faults'],
    ]) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      await page.goto(`${base}${path}`)
      const heading = await page.locator('h1').first().textContent()
      expect(heading, path).toBeTruthy()
      await page.screenshot({ path: join(screenshots, `${name}.png`) })
      expect(readFileSync(join(screenshots, `${name}.png`)).length).toBeGreaterThan(10_000)
      await page.close()
    }
  })
})
