import { described, nonEmptyStringSchema } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'

export interface NoCollateralChangesExpectation extends ExpectationBase {
  type: 'noCollateralChanges'
  /** State paths (and everything below them) that may change. */
  allow: string[]
}

export const noCollateralChanges = declareExpectation<NoCollateralChangesExpectation>()({
  type: 'noCollateralChanges',
  description: 'The state changed only under the allowed paths.',
  properties: {
    allow: described('State paths the agent may change; any other change fails.', {
      type: 'array',
      items: nonEmptyStringSchema,
    }),
  },
  required: ['allow'],
  matchers: ['toHaveNoCollateralChanges'],
})
