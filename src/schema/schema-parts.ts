import type { JsonObject, JsonValue } from '../core/json.ts'

/**
 * Building blocks shared by the `twin.v1` and `scenario.v1` JSON Schemas.
 *
 * `$comment` markers name the TypeScript type a part stands for, so that
 * `FromSchema` (json-schema-to-ts) can turn the open JSON parts into
 * `JsonValue` / `JsonObject` instead of `unknown` (see `SchemaTypeOptions`).
 */

/** Any JSON value. */
export const jsonValueSchema = { $comment: 'JsonValue' } as const

/** Any JSON object. */
export const jsonObjectSchema = { type: 'object', $comment: 'JsonObject' } as const

/** Tool and argument names: what a function-calling API accepts as a name. */
export const IDENTIFIER_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$'

/** Ids and document names: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
export const SLUG_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$'

/** Adapter names may be namespaced: `payments.refund-v2`. */
export const ADAPTER_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_.-]*$'

/** A tool's HTTP path, below the twin's base URL. */
export const HTTP_PATH_PATTERN = '^/'

export const identifierSchema = {
  type: 'string',
  pattern: IDENTIFIER_PATTERN,
  maxLength: 64,
} as const

export const slugSchema = { type: 'string', pattern: SLUG_PATTERN, maxLength: 128 } as const

export const nonEmptyStringSchema = { type: 'string', minLength: 1 } as const

/** Words for a pattern in error messages: a regex alone does not tell anyone how to fix a name. */
export const PATTERN_WORDS: Readonly<Record<string, { what: string; example: string }>> = {
  [IDENTIFIER_PATTERN]: {
    what: 'an identifier (letters, digits and `_`, not starting with a digit)',
    example: 'refund_payment',
  },
  [SLUG_PATTERN]: {
    what: 'an id (letters, digits, `.`, `_` and `-`, starting with a letter or digit)',
    example: 'refund-happy-path',
  },
  [ADAPTER_NAME_PATTERN]: {
    what: 'an adapter name (letters, digits, `_`, `.` and `-`, not starting with a digit)',
    example: 'payments.refund',
  },
  [HTTP_PATH_PATTERN]: { what: 'a path starting with `/`', example: '/orders/{order_id}' },
}

/**
 * The `FromSchema` options that map the marked parts back to the JSON types.
 * @example
 * type Twin = FromSchema<typeof twinSchema, SchemaTypeOptions>
 */
export type SchemaTypeOptions = {
  deserialize: [
    { pattern: { $comment: 'JsonValue' }; output: JsonValue },
    { pattern: { $comment: 'JsonObject' }; output: JsonObject },
  ]
}

/**
 * A schema part with the hover text editors show for the field it types.
 * @example
 * name: described('The tool name the agent calls.', identifierSchema)
 */
export function described<const Schema extends object>(
  description: string,
  schema: Schema,
): Schema & { readonly description: string } {
  return { ...schema, description }
}
