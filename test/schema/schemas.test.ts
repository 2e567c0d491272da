import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { RISK_LEVELS } from '../../src/core/risk.ts'
import { expectationSchema } from '../../src/schema/expectation-schema.ts'
import { closest, editDistance } from '../../src/schema/suggest.ts'
import { effectSchema, handlerSchema } from '../../src/schema/twin-handler-schema.ts'
import { toolSchema } from '../../src/schema/twin-schema.ts'

const tags = (schema: { oneOf: readonly { properties: Record<string, unknown> }[] }, tag: string) =>
  schema.oneOf.map((branch) => (branch.properties[tag] as { const: string }).const)

describe('the schemas', () => {
  test('the risk enum is the RISK_LEVELS list', () => {
    expect(toolSchema.properties.risk.enum).toEqual(RISK_LEVELS)
  })

  test('the discriminated unions name every kind, op and expectation type', () => {
    expect(tags(handlerSchema, 'kind')).toEqual([
      'static',
      'read',
      'list',
      'create',
      'mutate',
      'delete',
      'adapter',
    ])
    expect(tags(effectSchema, 'op')).toEqual([
      'set',
      'unset',
      'increment',
      'decrement',
      'append',
      'remove',
      'merge',
    ])
    expect(tags(expectationSchema, 'type')).toHaveLength(17)
  })

  test('every object of the schemas refuses unknown fields, except the open JSON parts', () => {
    const open: string[] = []
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) {
        for (const [index, item] of node.entries()) walk(item, `${path}[${index}]`)
      }
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return
      const schema = node as Record<string, unknown>
      const closed = schema.additionalProperties !== undefined || 'oneOf' in schema
      if (schema.type === 'object' && !closed && schema.$comment !== 'JsonObject') open.push(path)
      for (const [key, child] of Object.entries(schema)) walk(child, `${path}.${key}`)
    }
    walk(handlerSchema, 'handler')
    walk(toolSchema, 'tool')
    walk(expectationSchema, 'expectation')
    expect(open).toEqual([])
  })

  test('compile in ajv strict mode (no unknown or misplaced keywords)', () => {
    const ajv = new Ajv({ strict: true, discriminator: true, allErrors: true })
    expect(() => ajv.compile(expectationSchema)).not.toThrow()
    expect(() => ajv.compile(handlerSchema)).not.toThrow()
  })
})

describe('suggestions', () => {
  test('edit distance counts a swap as one edit and ignores case', () => {
    expect(editDistance('targte', 'target')).toBe(1)
    expect(editDistance('post', 'POST')).toBe(0)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  test('only close names are suggested', () => {
    expect(closest('refund_paymnet', ['lookup_order', 'refund_payment'])).toBe('refund_payment')
    expect(closest('ship_parcel', ['lookup_order', 'refund_payment'])).toBeUndefined()
  })
})
