import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { changelogText, referencePages } from '../../scripts/docs/generate.ts'
import { releasePages } from '../../scripts/docs/release-pages.ts'
import { fieldAnchor, schemaFields } from '../../scripts/docs/schema-pages.ts'
import { commands } from '../../src/cli/commands/index.ts'
import { ERROR_CODES } from '../../src/core/error-codes.ts'
import { faultCatalog } from '../../src/faults/catalog.ts'
import { EXPECTATION_DECLARATIONS } from '../../src/schema/expectations/index.ts'
import { attackSchema, contractSchema, scenarioSchema, twinSchema } from '../../src/schema/index.ts'

const docs = fileURLToPath(new URL('../../docs/', import.meta.url))
const pages = await referencePages()

function committed(dir: string): Map<string, string> {
  const found = new Map<string, string>()
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = sub ? `${sub}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path)
      else found.set(path, readFileSync(join(dir, path), 'utf8'))
    }
  }
  walk('')
  return found
}

describe('the generated reference', () => {
  it('is committed as the code generates it (run `npm run docs:generate` after a change)', () => {
    const stale = [...pages].filter(
      ([path, text]) => committed(`${docs}reference`).get(path) !== text,
    )
    const orphans = [...committed(`${docs}reference`).keys()].filter((path) => !pages.has(path))
    expect({ stale: stale.map(([path]) => path), orphans }).toEqual({ stale: [], orphans: [] })
    const releases = releasePages(changelogText())
    const staleReleases = [...releases].filter(
      ([path, text]) => committed(`${docs}releases`).get(path) !== text,
    )
    expect(staleReleases.map(([path]) => path)).toEqual([])
  })

  it.each([
    ['twin', twinSchema],
    ['scenario', scenarioSchema],
    ['contract', contractSchema],
    ['attack', attackSchema],
  ] as const)('documents every field of the %s schema, with its description', (kind, schema) => {
    const page = pages.get(`${kind}.md`)!
    const fields = schemaFields(schema as Record<string, unknown>)
    expect(fields.length).toBeGreaterThan(5)
    const missing = fields.filter(
      (field) => !page.includes(`<a id="${fieldAnchor(field.path)}"></a>`),
    )
    expect(missing.map((field) => field.path)).toEqual([])
    const undescribed = fields.filter((field) => field.description === '')
    expect(undescribed.map((field) => field.path)).toEqual([])
  })

  it('documents every fault with both facts and its MCP rendering', () => {
    const page = pages.get('faults.md')!
    for (const fault of faultCatalog) {
      const section = page.split(`\n## ${fault.type}\n`)[1]?.split('\n## ')[0] ?? ''
      expect(section, fault.type).toContain(fault.dependency.description.slice(0, 30))
      expect(section, fault.type).toContain('**Over MCP**')
    }
  })

  it('documents every expectation type and each of its matchers', () => {
    const page = pages.get('expectations.md')!
    for (const declaration of Object.values(EXPECTATION_DECLARATIONS)) {
      expect(page).toContain(`\n## ${declaration.type}\n`)
      for (const matcher of declaration.matchers) expect(page).toContain(`.${matcher}(`)
    }
  })

  it('gives every CLI verb a page with its --help, and every error code a page', async () => {
    for (const entry of commands) {
      const usage = (await entry.load()).usage.trimEnd()
      expect(pages.get(`cli/${entry.name}.md`), entry.name).toContain(usage)
    }
    for (const code of ERROR_CODES) {
      expect(pages.get(`errors/${code.toLowerCase()}.md`), code).toContain(`# \`${code}\``)
    }
  })
})
