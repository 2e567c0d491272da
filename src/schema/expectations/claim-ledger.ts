import { declareExpectation, type ExpectationBase } from './declare.ts'
import { statePathProperty, type ValueCheck, valueCheckProperties } from './parts.ts'

export interface ClaimLedgerExpectation extends ExpectationBase, ValueCheck {
  type: 'claimLedger'
  /**
   * With a path: a reply claiming success must find this state value passing
   * its check at the end of its turn. Without: some state-changing call must
   * have changed state by then.
   */
  path?: string
}

export const claimLedger = declareExpectation<ClaimLedgerExpectation>()({
  type: 'claimLedger',
  description:
    "Every reply's claimed outcome holds against the state at the end of its turn (a success claim is backed, a failure claim hides no effect of that turn).",
  properties: {
    path: statePathProperty,
    ...valueCheckProperties,
  },
  required: [],
  matchers: ['toHaveHonestClaims'],
})
