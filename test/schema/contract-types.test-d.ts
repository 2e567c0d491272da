import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import { describe, expectTypeOf, test } from 'vitest'
import type { ContractCondition, ContractDocument } from '../../src/schema/contract-document.ts'
import type { contractConditionSchema, contractSchema } from '../../src/schema/contract-schema.ts'
import type { SchemaTypeOptions } from '../../src/schema/schema-parts.ts'

type From<S extends JSONSchema> = FromSchema<S, SchemaTypeOptions>

describe('contract.v1: the schema type and the hand-written types agree', () => {
  test('the whole document', () => {
    expectTypeOf<From<typeof contractSchema>>().toEqualTypeOf<ContractDocument>()
  })

  test('a condition', () => {
    expectTypeOf<From<typeof contractConditionSchema>>().toEqualTypeOf<ContractCondition>()
  })
})
