import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { toolNameSchema } from './parts.ts'

export interface CallOrderExpectation extends ExpectationBase {
  type: 'callOrder'
  /** The first call of `before`... */
  before: string
  /**
   * ...comes before the first call of `after`; `before` must be called if `after` is.
   * Later calls of `before` (a confirming re-read after the action) are fine. Passes when
   * `after` is never called.
   */
  after: string
  /** Count only this actor's calls of `before` (e.g. `user`: the user confirmed in their app). */
  beforeActor?: 'agent' | 'user'
  /** Count only this actor's calls of `after`. */
  afterActor?: 'agent' | 'user'
}

export const callOrder = declareExpectation<CallOrderExpectation>()({
  type: 'callOrder',
  description: 'The first call of one tool comes before the first call of another.',
  properties: {
    before: described('The tool that must be called first.', toolNameSchema),
    after: described('The tool that must be called after it.', toolNameSchema),
    beforeActor: described(
      "Count only this actor's calls of before: agent, or user (dual control, e.g. the user confirmed in their app).",
      { enum: ['agent', 'user'] },
    ),
    afterActor: described("Count only this actor's calls of after: agent or user.", {
      enum: ['agent', 'user'],
    }),
  },
  required: ['before', 'after'],
  matchers: ['toHaveCalledToolBefore'],
})
