import { describe, expect, it } from 'vitest'
import { EXPECTATION_TYPES } from '../../src/core/expectation-result.ts'
import { evaluatorOf } from '../../src/evaluate/registry.ts'
import { expectationSchema } from '../../src/schema/expectation-schema.ts'

describe('expectation registry', () => {
  it('has an evaluator for every expectation type and none for an unknown one', () => {
    expect(EXPECTATION_TYPES.filter((type) => evaluatorOf(type) === undefined)).toEqual([])
    expect(evaluatorOf('stateAt')).toBeUndefined()
    expect(evaluatorOf('toString')).toBeUndefined()
  })

  it('declares in the scenario schema exactly the expectation types of the model', () => {
    const declared = expectationSchema.oneOf.map((branch) => branch.properties.type.const)
    expect([...declared].sort()).toEqual([...EXPECTATION_TYPES].sort())
  })
})
