import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { toolNameSchema } from './parts.ts'

export interface NoDuplicateSideEffectExpectation extends ExpectationBase {
  type: 'noDuplicateSideEffect'
  /** Default: every tool that has an effect key. */
  tool?: string
}

export const noDuplicateSideEffect = declareExpectation<NoDuplicateSideEffectExpectation>()({
  type: 'noDuplicateSideEffect',
  description: 'No effect key was applied twice; replays from the idempotency store do not count.',
  properties: {
    tool: described('Only this tool; without it, every tool with an effect key.', toolNameSchema),
  },
  required: [],
  matchers: ['toHaveNoDuplicateSideEffect'],
})
