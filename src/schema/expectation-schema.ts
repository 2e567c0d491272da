import type { EXPECTATION_TYPES } from '../core/expectation-result.ts'
import { EXPECTATION_TYPES as TYPES } from '../core/expectation-result.ts'
import { type ExpectationBranch, expectationBranch } from './expectations/declare.ts'
import { EXPECTATION_DECLARATIONS } from './expectations/index.ts'

export { toolStepSchema, VALUE_CHECK_KEYS, valueCheckProperties } from './expectations/parts.ts'

type Branches<Types extends readonly (keyof typeof EXPECTATION_DECLARATIONS)[]> = {
  readonly [Index in keyof Types]: ExpectationBranch<
    (typeof EXPECTATION_DECLARATIONS)[Types[Index]]
  >
}

/**
 * The JSON Schema of one scenario expectation, discriminated on `type`: one
 * branch per declaration of `EXPECTATION_DECLARATIONS`, in the order of
 * `EXPECTATION_TYPES`. Typed as the literal tuple of branches, so `FromSchema`
 * reads the same union the declarations name.
 * @example
 * ajv.compile(expectationSchema)({ id: 'one-refund', type: 'state', path: 'orders.ORD-1001.refund_count', equals: 1 })
 */
export const expectationSchema = {
  type: 'object',
  discriminator: { propertyName: 'type' },
  oneOf: TYPES.map((type) =>
    expectationBranch(EXPECTATION_DECLARATIONS[type]),
  ) as unknown as Branches<typeof EXPECTATION_TYPES>,
} as const
