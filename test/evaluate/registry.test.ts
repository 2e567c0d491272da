import { describe, expect, it } from 'vitest'
import { EXPECTATION_TYPES } from '../../src/core/expectation-result.ts'
import { evaluatorOf } from '../../src/evaluate/registry.ts'
import { expectationSchema } from '../../src/schema/expectation-schema.ts'
import { declarationOf, EXPECTATION_DECLARATIONS } from '../../src/schema/expectations/index.ts'

describe('expectation registry', () => {
  it('has an evaluator for every expectation type and none for an unknown one', () => {
    expect(EXPECTATION_TYPES.filter((type) => evaluatorOf(type) === undefined)).toEqual([])
    expect(evaluatorOf('stateAt')).toBeUndefined()
    expect(evaluatorOf('toString')).toBeUndefined()
  })

  it('declares every type of the model once, under its own name', () => {
    expect(Object.keys(EXPECTATION_DECLARATIONS)).toEqual([...EXPECTATION_TYPES])
    for (const [key, declaration] of Object.entries(EXPECTATION_DECLARATIONS)) {
      expect(declaration.type, key).toBe(key)
    }
    expect(declarationOf('toString')).toBeUndefined()
  })

  it('builds the scenario schema from the declarations: one described, closed branch per type', () => {
    const declared = expectationSchema.oneOf.map((branch) => branch.properties.type.const)
    expect(declared).toEqual([...EXPECTATION_TYPES])
    for (const branch of expectationSchema.oneOf) {
      const declaration = EXPECTATION_DECLARATIONS[branch.properties.type.const]
      expect(branch.description).toBe(declaration.description)
      expect(branch.additionalProperties).toBe(false)
      expect(branch.required).toEqual(['type', 'id', ...declaration.required])
      expect(Object.keys(branch.properties)).toEqual([
        'type',
        'id',
        'description',
        'critical',
        'turn',
        'turns',
        'actor',
        ...Object.keys(declaration.properties),
      ])
    }
  })

  it('has an evaluator for every type the schema accepts', () => {
    const accepted = expectationSchema.oneOf.map((branch) => branch.properties.type.const)
    expect(accepted.filter((type) => evaluatorOf(type) === undefined)).toEqual([])
  })
})
