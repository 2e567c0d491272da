/**
 * One reference page per document kind, from the JSON Schema the loader
 * validates against: every field with its type, whether it is required, its
 * description, and an example value taken from the example documents the
 * repository's tests load.
 */
import { cell, code, GENERATED_NOTE, page, prose } from './markdown.ts'

type Schema = Record<string, unknown>

/** One documented field: its dotted path (`tools[].http.method`) and what the schema says. */
export interface SchemaField {
  path: string
  type: string
  required: boolean
  description: string
}

/** Every field of a schema, depth first, with `[]` for array items and `*` for map values. */
export function schemaFields(schema: Schema, prefix = '', required = true): SchemaField[] {
  const fields: SchemaField[] = []
  const requiredNames = new Set((schema.required as string[] | undefined) ?? [])
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  for (const [name, child] of Object.entries(properties)) {
    const path = prefix ? `${prefix}.${name}` : name
    fields.push(describeField(path, child, required && requiredNames.has(name)))
    fields.push(...nestedFields(child, path))
  }
  return fields
}

function nestedFields(schema: Schema, path: string): SchemaField[] {
  const nested: SchemaField[] = []
  if (schema.properties) nested.push(...schemaFields(schema, path, false))
  const items = schema.items as Schema | undefined
  if (items && typeof items === 'object') nested.push(...nestedFields(items, `${path}[]`))
  const values = schema.additionalProperties as Schema | boolean | undefined
  if (values && typeof values === 'object' && (values.properties || values.items)) {
    nested.push(...nestedFields(values, `${path}.*`))
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const branch of (schema[key] as Schema[] | undefined) ?? []) {
      if (branch.properties) {
        for (const field of schemaFields(branch, path, false)) {
          if (!nested.some((known) => known.path === field.path)) nested.push(field)
        }
      }
    }
  }
  return nested
}

function describeField(path: string, schema: Schema, required: boolean): SchemaField {
  return {
    path,
    type: typeOf(schema),
    required,
    description: typeof schema.description === 'string' ? schema.description : '',
  }
}

function typeOf(schema: Schema): string {
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (typeof schema.type === 'string') {
    if (schema.type === 'array' && schema.items && typeof schema.items === 'object') {
      return `${typeOf(schema.items as Schema)}[]`
    }
    return schema.type
  }
  if (Array.isArray(schema.type)) return schema.type.join(' | ')
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key] as Schema[] | undefined
    if (branches) return [...new Set(branches.map(typeOf))].join(' | ')
  }
  if (schema.$comment === 'JsonValue') return 'any JSON'
  return 'object'
}

/** The anchor of a field's row, so other pages can link to one field. */
export function fieldAnchor(path: string): string {
  return `field-${path
    .replace(/\[\]/g, '-items')
    .replace(/\*/g, 'each')
    .replace(/[^a-zA-Z0-9_-]+/g, '-')}`
}

export interface SchemaPageInput {
  title: string
  apiVersion: string
  schema: Schema
  intro: string
  /** Example values by field path, from documents the tests load. */
  examples: ReadonlyMap<string, unknown>
}

/** The reference page of one document kind. */
export function schemaPage(input: SchemaPageInput): string {
  const rows = schemaFields(input.schema).map((field) => {
    const example = input.examples.get(field.path)
    const shown = example === undefined ? '' : code(clip(JSON.stringify(example)))
    return `| <a id="${fieldAnchor(field.path)}"></a>${code(field.path)} | ${cell(field.type)} | ${field.required ? 'yes' : ''} | ${cell(prose(field.description))} | ${cell(shown)} |`
  })
  return page(input.title, [
    GENERATED_NOTE,
    '',
    input.intro,
    '',
    `Every document starts with \`apiVersion: ${input.apiVersion}\`. Editors that read JSON Schema check it as you type: the package ships the schema this page is generated from.`,
    '',
    '| field | type | required | what it is | example |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ])
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** Collects, for each field path, the first value seen in the given documents. */
export function examplesFrom(documents: readonly unknown[]): Map<string, unknown> {
  const found = new Map<string, unknown>()
  const walk = (value: unknown, path: string) => {
    if (path && !found.has(path)) found.set(path, value)
    if (Array.isArray(value)) for (const item of value) walk(item, `${path}[]`)
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key)
    }
  }
  for (const document of documents) walk(document, '')
  return found
}
