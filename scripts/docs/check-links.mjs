#!/usr/bin/env node
// Checks the built site: every internal link reaches a page, every anchor an
// id on that page, and every included example file was found. VitePress
// fails the build on a dead page link; anchors and includes are checked here.
// Usage: node scripts/docs/check-links.mjs [distDir]
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dist = resolve(process.argv[2] ?? join(root, 'docs/.vitepress/dist'))

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return htmlFiles(path)
    return entry.name.endsWith('.html') ? [path] : []
  })
}

/** The HTML file a site path is served from (clean URLs: `/guide/ci` is `guide/ci.html`). */
function fileOf(sitePath) {
  const clean = decodeURIComponent(sitePath).replace(/^\//, '')
  const candidates =
    clean === '' || clean.endsWith('/')
      ? [`${clean}index.html`]
      : [`${clean}.html`, clean, `${clean}/index.html`]
  return candidates.map((candidate) => join(dist, candidate)).find((file) => existsSync(file))
}

const ids = new Map()
function idsOf(file) {
  if (!ids.has(file)) {
    const text = readFileSync(file, 'utf8')
    ids.set(file, new Set([...text.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1])))
  }
  return ids.get(file)
}

const problems = []
const files = htmlFiles(dist)
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const page = `/${relative(dist, file).replaceAll('\\', '/')}`
  if (/File not found|no such file/i.test(text) && !page.startsWith('/reference/errors/')) {
    problems.push(`${page}: an included example file was not found`)
  }
  for (const [, href] of text.matchAll(/<a [^>]*href="([^"]+)"/g)) {
    if (/^(?:[a-z]+:|\/\/)/i.test(href)) continue
    const [pathPart = '', anchor] = href.split('#')
    const target =
      pathPart === ''
        ? file
        : fileOf(pathPart.startsWith('/') ? pathPart : posix.join(posix.dirname(page), pathPart))
    if (!target) {
      problems.push(`${page}: link to ${href}: no such page`)
      continue
    }
    if (anchor && !idsOf(target).has(decodeURIComponent(anchor))) {
      problems.push(`${page}: link to ${href}: no element with id "${anchor}" on that page`)
    }
  }
}
if (problems.length > 0) {
  console.error(
    `${problems.length} broken link(s) in the built site:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  )
  process.exit(1)
}
console.log(`links ok: ${files.length} pages checked`)
