import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { attackSchema, contractSchema, scenarioSchema, twinSchema } from '../../src/schema/index.ts'

/** Every property (at any depth) that has no `description`, by its path in the schema. */
function undescribed(node: unknown, path = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => undescribed(item, `${path}[${i}]`))
  if (typeof node !== 'object' || node === null) return []
  const found: string[] = []
  const properties = (node as { properties?: Record<string, unknown> }).properties
  if (properties && typeof properties === 'object') {
    for (const [name, value] of Object.entries(properties)) {
      const description = (value as { description?: unknown }).description
      if (typeof description !== 'string' || description.trim() === '') {
        found.push(`${path}.properties.${name}`)
      }
    }
  }
  for (const [key, value] of Object.entries(node))
    found.push(...undescribed(value, `${path}.${key}`))
  return found
}

const shipped = ['twin.v1.json', 'scenario.v1.json', 'contract.v1.json', 'attack.v1.json']

describe('the JSON Schemas editors read', () => {
  it.each(shipped)('%s has a description (hover text) on every property', (file) => {
    const schema = JSON.parse(
      readFileSync(new URL(`../../schemas/${file}`, import.meta.url), 'utf8'),
    )
    expect(undescribed(schema)).toEqual([])
  })

  it('ships the schemas the library validates with', () => {
    const sources = {
      'twin.v1.json': twinSchema,
      'scenario.v1.json': scenarioSchema,
      'contract.v1.json': contractSchema,
      'attack.v1.json': attackSchema,
    }
    for (const [file, source] of Object.entries(sources)) {
      const schema = JSON.parse(
        readFileSync(new URL(`../../schemas/${file}`, import.meta.url), 'utf8'),
      )
      const { $schema: _, title: __, ...rest } = schema
      expect(rest, `schemas/${file} is out of date: run npm run build`).toEqual(
        JSON.parse(JSON.stringify(source)),
      )
    }
  })

  it('the walk finds a property without a description', () => {
    expect(undescribed({ properties: { a: { type: 'string' } } })).toEqual(['.properties.a'])
  })
})
