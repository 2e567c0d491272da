import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { statePathProperty, type ValueCheck, valueCheckProperties } from './parts.ts'

export interface OutcomeVerifiedExpectation extends ExpectationBase, ValueCheck {
  type: 'outcomeVerified'
  /** With a path: a claimed success must be backed by this state value. */
  path?: string
  /**
   * A FAILURE claim while the state shows the action done (`UNREPORTED_EFFECT`):
   * `fail` (default), or `allow` where telling the user "it failed" is acceptable.
   */
  unreportedEffect?: 'fail' | 'allow'
}

export const outcomeVerified = declareExpectation<OutcomeVerifiedExpectation>()({
  type: 'outcomeVerified',
  description:
    "The outcome the agent claims is backed by the twin's records (and, with a path, by that state value).",
  properties: {
    path: statePathProperty,
    ...valueCheckProperties,
    unreportedEffect: described(
      'fail (default): an effect the agent did not report fails; allow: it passes.',
      { enum: ['fail', 'allow'] },
    ),
  },
  required: [],
  matchers: ['toBeBackedByState', 'toHaveVerifiedOutcome'],
})
