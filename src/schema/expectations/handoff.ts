import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { toolNameSchema } from './parts.ts'

export interface HandoffExpectation extends ExpectationBase {
  type: 'handoff'
  /** true: the case was handed to a human; false: it was not. */
  expected: boolean
  /** The handoff tool; default: the twin's tools declared with `handoff: true`. */
  tool?: string
}

export const handoff = declareExpectation<HandoffExpectation>()({
  type: 'handoff',
  description: "The case was (or was not) handed to a person, judged from the twin's records.",
  properties: {
    expected: described('true: the case must be handed to a person; false: it must not.', {
      type: 'boolean',
    }),
    tool: described('The handoff tool; without it, any tool marked handoff.', toolNameSchema),
  },
  required: ['expected'],
  matchers: ['toHaveHandedOff'],
})
