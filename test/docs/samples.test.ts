import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { createDocumentAjv, DOCUMENT_SCHEMAS } from '../../src/schema/validators.ts'

// Every whole document a page shows (a YAML block with an AgentTwin apiVersion)
// must be valid against the schema the loader checks with, so a sample cannot
// drift from the grammar. Fragments (no apiVersion) are parts of a document.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const ajv = createDocumentAjv()
const KINDS = Object.keys(DOCUMENT_SCHEMAS) as (keyof typeof DOCUMENT_SCHEMAS)[]

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : markdownFiles(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

function documentSamples(file: string): { line: number; text: string }[] {
  const lines = readFileSync(file, 'utf8').split('\n')
  const samples: { line: number; text: string }[] = []
  for (let index = 0; index < lines.length; index++) {
    if (!/^```ya?ml\b/.test(lines[index]!)) continue
    const start = index + 1
    while (index + 1 < lines.length && !lines[++index]!.startsWith('```'));
    const text = lines.slice(start, index).join('\n')
    if (/^apiVersion: agenttwin\//m.test(text)) samples.push({ line: start, text })
  }
  return samples
}

const samples = [join(repo, 'README.md'), ...markdownFiles(join(repo, 'docs'))].flatMap((file) =>
  documentSamples(file).map((sample) => ({ ...sample, file: file.slice(repo.length) })),
)

describe('document samples in the README and the site', () => {
  it('there are samples to check', () => {
    expect(samples.length).toBeGreaterThan(1)
  })

  it.each(samples.map((sample) => [`${sample.file}:${sample.line}`, sample]))(
    '%s is a valid document',
    (_where, sample) => {
      const document = parse(sample.text) as { apiVersion: string }
      const kind = KINDS.find((name) => document.apiVersion === `agenttwin/${name}.v1`)
      expect(kind, `unknown apiVersion ${document.apiVersion}`).toBeDefined()
      const validate = ajv.compile(DOCUMENT_SCHEMAS[kind!])
      const valid = validate(document)
      expect(
        (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`),
      ).toEqual([])
      expect(valid).toBe(true)
    },
  )
})
