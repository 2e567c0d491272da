import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

function declaredTypes(schema: JsonValue | undefined): Set<string> {
  if (!isJsonObject(schema)) return new Set()
  const { type } = schema
  if (typeof type === 'string') return new Set([type])
  if (Array.isArray(type)) return new Set(type.filter((t): t is string => typeof t === 'string'))
  return new Set()
}

/**
 * Reads one text value as the schema's type. A value that does not fit stays
 * a string, so the twin's input validation answers 400 naming it instead of
 * the transport guessing.
 */
function coerceText(schema: JsonValue | undefined, text: string): JsonValue {
  const types = declaredTypes(schema)
  if (types.has('string')) return text
  if ((types.has('number') || types.has('integer')) && NUMBER.test(text)) {
    const number = Number(text)
    if (Number.isFinite(number)) return number
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true'
  if (types.has('null') && text === 'null') return null
  return text
}

/** The JSON Schema of one argument of a tool's (object) input schema. */
export function argumentSchema(input: JsonObject, name: string): JsonValue | undefined {
  const properties = input.properties
  return isJsonObject(properties) ? properties[name] : undefined
}

/**
 * Turns the text values of one query or path argument into a JSON value by
 * the argument's schema: numbers, booleans and null by `type`, arrays from a
 * repeated key (`?tag=a&tag=b`).
 *
 * @example
 * coerceArgument({ type: 'integer' }, ['40']) // 40
 * coerceArgument({ type: 'array', items: { type: 'boolean' } }, ['true', 'false']) // [true, false]
 */
export function coerceArgument(schema: JsonValue | undefined, texts: string[]): JsonValue {
  if (declaredTypes(schema).has('array')) {
    const items = isJsonObject(schema) ? schema.items : undefined
    return texts.map((text) => coerceText(items, text))
  }
  // Several values for a scalar argument stay a list, for validation to reject by name.
  if (texts.length !== 1) return texts.map((text) => coerceText(schema, text))
  return coerceText(schema, texts[0]!)
}
