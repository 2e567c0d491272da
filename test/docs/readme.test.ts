import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { twinSchema } from '../../src/schema/index.ts'

// The README and the guide pages are written by hand: each must render as written.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const guide = join(repo, 'docs/guide')
const PAGES = [
  'README.md',
  ...readdirSync(guide, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/guide/${file}`),
]
let lines: string[] = []

function read(page: string): string[] {
  return readFileSync(join(repo, page), 'utf8').split('\n')
}

/** The page's lines outside fenced code blocks, with their 1-based line numbers. */
function proseLines(): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = []
  let fenced = false
  lines.forEach((text, index) => {
    if (text.trimStart().startsWith('```')) fenced = !fenced
    else if (!fenced) out.push({ line: index + 1, text })
  })
  return out
}

/** A Markdown table: its first line number and its rows split into cells. */
interface Table {
  line: number
  rows: string[][]
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
}

/** Every run of lines that starts with `|`, as GitHub would group them into one table. */
function tables(): Table[] {
  const found: Table[] = []
  let current: Table | undefined
  for (const { line, text } of proseLines()) {
    if (text.startsWith('|')) {
      if (!current) {
        current = { line, rows: [] }
        found.push(current)
      }
      current.rows.push(cells(text))
    } else current = undefined
  }
  return found
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-')
}

describe.each(PAGES)('%s renders as written', (page) => {
  lines = read(page)
  const pageLines = lines

  it.each(tables().map((table) => [table.line, table]))(
    'the table at line %i has a header, a separator and rows of its width',
    (_line, table) => {
      const [header, separator, ...rows] = table.rows
      expect(separator?.every((cell) => /^:?-{3,}:?$/.test(cell))).toBe(true)
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(row.length).toBe(header!.length)
    },
  )

  it('an explicit anchor sits on the section it names', () => {
    const misplaced: string[] = []
    lines = pageLines
    lines.forEach((text, index) => {
      const id = /^<a id="([^"]+)"><\/a>$/.exec(text.trim())?.[1]
      const heading = lines[index + 1]?.replace(/^#+\s*/, '')
      if (!id || !lines[index + 1]?.startsWith('#')) return
      const words = id.split('-')
      if (!words.every((word) => slug(heading!).includes(word))) {
        misplaced.push(`line ${index + 1}: #${id} on "${heading}"`)
      }
    })
    expect(misplaced).toEqual([])
  })

  it('every link to an anchor of the README lands on one', () => {
    lines = pageLines
    const targets = new Set<string>()
    for (const { text } of proseLines()) {
      if (text.startsWith('#')) targets.add(slug(text.replace(/^#+\s*/, '')))
      for (const match of text.matchAll(/<a id="([^"]+)"><\/a>/g)) targets.add(match[1]!)
    }
    const broken = [...pageLines.join('\n').matchAll(/\]\(#([^)]+)\)/g)]
      .map((match) => match[1]!)
      .filter((anchor) => !targets.has(anchor))
    expect(broken).toEqual([])
  })
})

describe('the command table of the CLI guide', () => {
  it('lists every verb once', () => {
    lines = read('docs/guide/cli.md')
    const commandTable = tables().find((table) => table.rows[0]?.[0] === 'command')
    const verbs = commandTable!.rows.slice(2).map((row) => row[0]!.split(/\s+/)[1])
    expect(verbs.length).toBeGreaterThan(5)
    expect(verbs).toEqual([...new Set(verbs)])
  })
})

describe('the README', () => {
  it('shows the matcher test of the getting-started guide as the file the tests run', () => {
    const readme = read('README.md').join('\n')
    const file = readFileSync(
      join(repo, 'docs/examples/getting-started/test/close.test.ts'),
      'utf8',
    )
    expect(readme).toContain(`\`\`\`ts\n${file}\`\`\``)
  })
})

describe('the twin handler table of the twins guide', () => {
  /** Each handler kind's fields from the schema the loader validates with; required ones marked. */
  function schemaKinds(): Record<string, string[]> {
    const kinds: Record<string, string[]> = {}
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach(walk)
        return
      }
      if (typeof node !== 'object' || node === null) return
      const schema = node as {
        properties?: Record<string, { const?: string }>
        required?: string[]
      }
      const kind = schema.properties?.kind?.const
      if (kind) {
        kinds[kind] = Object.keys(schema.properties!)
          .filter((field) => field !== 'kind')
          .map((field) => (schema.required?.includes(field) ? `**${field}**` : field))
          .sort()
      }
      Object.values(node).forEach(walk)
    }
    walk(twinSchema)
    return kinds
  }

  it('documents every kind with exactly the fields the loader accepts', () => {
    lines = read('docs/guide/twins.md')
    const table = tables().find((candidate) => candidate.rows[0]?.[0] === 'kind')
    const documented = Object.fromEntries(
      table!.rows.slice(2).map((row) => [
        row[0]!.replace(/`/g, ''),
        row[1]!
          .split(',')
          .map((field) => field.trim().replace(/`/g, ''))
          .sort(),
      ]),
    )
    expect(documented).toEqual(schemaKinds())
  })
})
