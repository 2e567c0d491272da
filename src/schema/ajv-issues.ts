import type { ErrorObject } from 'ajv'
import { type FieldPath, pointerToFieldPath } from './field-path.ts'
import type { Issue } from './issue.ts'
import { PATTERN_WORDS } from './schema-parts.ts'
import { closest, didYouMean, listWords, showValue, unknownField } from './suggest.ts'

type SchemaObject = Record<string, unknown>

/** What a discriminated union is called in messages, by its tag. */
const TAG_WORDS: Readonly<Record<string, string>> = {
  kind: 'handler kind',
  op: 'effect op',
  type: 'expectation type',
}

/**
 * Turns ajv's errors into issues that name the field, the offending value,
 * what is wrong and how to fix it. A missing field that is most likely the
 * unknown field next to it (a typo) is reported once, as the typo.
 * @example
 * ajvIssues(validate.errors ?? [], value)
 */
export function ajvIssues(errors: readonly ErrorObject[], value: unknown): Issue[] {
  const typos = new Set<string>()
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue
    const unknown = String(error.params.additionalProperty)
    const allowed = Object.keys((error.parentSchema?.properties as SchemaObject) ?? {})
    const meant = closest(unknown, allowed)
    if (meant !== undefined) typos.add(`${error.instancePath}\u0000${meant}`)
  }
  const issues: Issue[] = []
  for (const error of errors) {
    if (
      error.keyword === 'required' &&
      typos.has(`${error.instancePath}\u0000${String(error.params.missingProperty)}`)
    ) {
      continue
    }
    issues.push(issueOf(error, pointerToFieldPath(error.instancePath, value)))
  }
  return issues
}

function issueOf(error: ErrorObject, path: FieldPath): Issue {
  const field = `\`${fieldName(path)}\``
  const parent = (error.parentSchema ?? {}) as SchemaObject
  switch (error.keyword) {
    case 'additionalProperties': {
      const unknown = String(error.params.additionalProperty)
      const allowed = Object.keys((parent.properties as SchemaObject) ?? {})
      if (unknown === '<<') {
        return {
          path: [...path, unknown],
          at: 'key',
          message: 'YAML merge keys (`<<`) are not supported in documents',
          fix: 'write the fields out (aliases such as `*name` still work as plain values)',
        }
      }
      return { path: [...path, unknown], at: 'key', ...unknownField(unknown, allowed) }
    }
    case 'required': {
      const missing = String(error.params.missingProperty)
      const expected = describeSchema(
        (parent.properties as SchemaObject)?.[missing] as SchemaObject,
      )
      return {
        path,
        at: 'key',
        message: `missing required field \`${missing}\``,
        fix: `add \`${missing}:\` with ${expected}`,
      }
    }
    case 'discriminator':
      return discriminatorIssue(error, path, parent)
    case 'type': {
      const expected = String(error.params.type)
      const quote =
        expected === 'string' && ['number', 'boolean'].includes(typeof error.data)
          ? `; quote it: \`'${String(error.data)}'\``
          : ''
      return {
        path,
        message: `${field} must be ${article(expected)}, found ${found(error.data)}`,
        fix: `write ${article(expected)}${quote}`,
      }
    }
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String)
      return {
        path,
        message: `${field} is ${showValue(error.data)}, which is not one of ${listWords(allowed)}`,
        fix: `use one of ${listWords(allowed)}${didYouMean(String(error.data), allowed)}`,
      }
    }
    case 'const':
      return {
        path,
        message: `${field} is ${showValue(error.data)}, it must be ${showValue(error.params.allowedValue)}`,
        fix: `write ${showValue(error.params.allowedValue)}`,
      }
    case 'pattern': {
      const words = PATTERN_WORDS[String(error.params.pattern)]
      return {
        path,
        message: `${field} is ${showValue(error.data)}, which is not ${words?.what ?? `matching \`${String(error.params.pattern)}\``}`,
        fix: words ? `write it like \`${words.example}\`` : 'change the value to match the pattern',
      }
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        path,
        message: `${field} is ${showValue(error.data)}, it must be ${String(error.params.comparison)} ${String(error.params.limit)}`,
        fix: `use ${rangeWords(parent)}`,
      }
    case 'minItems':
      return {
        path,
        message: `${field} is empty or too short: it needs at least ${String(error.params.limit)} item(s)`,
        fix: `add at least ${String(error.params.limit)} item(s)`,
      }
    case 'minLength':
      return {
        path,
        message: `${field} is an empty string`,
        fix: `write a non-empty value for ${field}`,
      }
    case 'uniqueItems':
      return {
        path,
        message: `${field} lists the same item twice (items ${String(error.params.j)} and ${String(error.params.i)})`,
        fix: 'remove the repeated item',
      }
    case 'format':
      return {
        path,
        message: `${field} is ${showValue(error.data)}, which is not a valid ${String(error.params.format)}`,
        fix:
          error.params.format === 'date-time'
            ? 'write an ISO 8601 date-time such as `2026-01-01T00:00:00.000Z`'
            : `write a valid ${String(error.params.format)}`,
      }
    default:
      return {
        path,
        message: `${field} ${error.message ?? 'is invalid'}`,
        fix: 'see the schema of this field',
      }
  }
}

function discriminatorIssue(error: ErrorObject, path: FieldPath, parent: SchemaObject): Issue {
  const tag = String(error.params.tag)
  const what = TAG_WORDS[tag] ?? tag
  const allowed = ((parent.oneOf as SchemaObject[]) ?? []).map((branch) =>
    String(((branch.properties as SchemaObject)[tag] as SchemaObject).const),
  )
  const tagValue = error.params.tagValue
  if (tagValue === undefined) {
    return {
      path,
      at: 'key',
      message: `missing \`${tag}\` (the ${what})`,
      fix: `add \`${tag}:\` with one of ${listWords(allowed)}`,
    }
  }
  return {
    path: [...path, tag],
    message: `unknown ${what} ${showValue(tagValue)}; the ${what}s are ${listWords(allowed)}`,
    fix: `use one of ${listWords(allowed)}${typeof tagValue === 'string' ? didYouMean(tagValue, allowed) : ''}`,
  }
}

function fieldName(path: FieldPath): string {
  const last = path.at(-1)
  if (last === undefined) return 'the document'
  if (typeof last === 'number') return `${String(path.at(-2) ?? '')}[${last}]`
  return last
}

function article(type: string): string {
  // ajv names a union of types as `integer,object`.
  if (type.includes(',')) return type.split(',').map(article).join(' or ')
  if (type === 'integer') return 'an integer'
  if (type === 'object') return 'an object (`key: value` entries)'
  if (type === 'array') return 'a list'
  return `a ${type}`
}

function found(value: unknown): string {
  if (value === null) return 'an empty value'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  return `the ${typeof value} ${showValue(value)}`
}

function rangeWords(schema: SchemaObject): string {
  const low = schema.minimum ?? schema.exclusiveMinimum
  const high = schema.maximum ?? schema.exclusiveMaximum
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const kind = types.includes('integer') ? 'an integer' : 'a number'
  if (low !== undefined && high !== undefined) return `${kind} from ${low} to ${high}`
  if (low !== undefined) return `${kind} of at least ${low}`
  return `${kind} of at most ${high}`
}

function describeSchema(schema: SchemaObject | undefined): string {
  if (!schema) return 'a value'
  if (schema.const !== undefined) return showValue(schema.const)
  if (Array.isArray(schema.enum)) return `one of ${listWords(schema.enum.map(String))}`
  if (schema.$comment === 'JsonValue') return 'any value'
  if (typeof schema.type === 'string') return article(schema.type)
  if (Array.isArray(schema.oneOf)) return 'an object'
  return 'a value'
}
