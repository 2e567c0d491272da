import { described, nonEmptyStringSchema } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'

export interface ContractExpectation extends ExpectationBase {
  type: 'contract'
  /** Path to a `contract.v1` document, relative to the scenario file. */
  contract: string
  /** The entity the contract speaks of, e.g. `ORD-1001`. */
  entity: string
}

export const contract = declareExpectation<ContractExpectation>()({
  type: 'contract',
  description: 'An outcome contract holds for one entity: execution, state and claim pass.',
  properties: {
    contract: described(
      'Path of the contract document, relative to this file.',
      nonEmptyStringSchema,
    ),
    entity: described(
      'Id of the entity the contract is checked on, e.g. ORD-1001.',
      nonEmptyStringSchema,
    ),
  },
  required: ['contract', 'entity'],
  matchers: ['toSatisfyContract'],
})
