/**
 * One builder for the twin documents tests write in code: the envelope
 * (`apiVersion`, `metadata`, `http`), tools with an object input schema, and
 * input schemas themselves. A test spells only what it is about.
 */
import type { JsonObject } from '../../src/core/json.ts'
import type { ToolDefinition, TwinDocument } from '../../src/schema/twin-document.ts'

/** What a test may set besides tools and state; `name` and `baseUrl` are shorthands. */
export type TwinDocumentExtra = Partial<TwinDocument> & { name?: string; baseUrl?: string }

/**
 * A twin document with the given tools and fixtures (named `shop` at
 * `https://shop.test` unless told otherwise).
 * @example
 * twinDocument([tool('lookup_order', { kind: 'read', target: 'orders.{order_id}' }, { order_id: 'string' })], orders())
 */
export function twinDocument(
  tools: ToolDefinition[],
  state: JsonObject = {},
  extra: TwinDocumentExtra = {},
): TwinDocument {
  const { name = 'shop', baseUrl = 'https://shop.test', ...rest } = extra
  return {
    apiVersion: 'agenttwin/twin.v1',
    metadata: { name, version: '1.0.0' },
    http: { baseUrl },
    state,
    tools,
    ...rest,
  }
}

/**
 * An object input schema. Properties given as a type name (`'string'`) become
 * `{ type }`; `closed` refuses arguments the schema does not name.
 * @example
 * objectInput({ order_id: 'string', amount: { type: 'number', minimum: 0 } }, { required: ['order_id'], closed: true })
 */
export function objectInput(
  properties: Record<string, string | JsonObject>,
  options: { required?: string[]; closed?: boolean } = {},
): JsonObject {
  const schemaProperties: JsonObject = {}
  for (const [key, schema] of Object.entries(properties)) {
    schemaProperties[key] = typeof schema === 'string' ? { type: schema } : schema
  }
  return {
    type: 'object',
    properties: schemaProperties,
    ...(options.required ? { required: options.required } : {}),
    ...(options.closed ? { additionalProperties: false } : {}),
  }
}

/**
 * A tool with an object input schema built from property types; reads and
 * lists are `READ`, everything else `WRITE_REVERSIBLE` unless `extra` says.
 */
export function tool(
  name: string,
  handler: ToolDefinition['handler'],
  properties: Record<string, string | JsonObject> = {},
  extra: Partial<ToolDefinition> = {},
): ToolDefinition {
  return {
    name,
    description: `${name} tool`,
    risk: handler.kind === 'read' || handler.kind === 'list' ? 'READ' : 'WRITE_REVERSIBLE',
    input: objectInput(properties),
    handler,
    ...extra,
  }
}
