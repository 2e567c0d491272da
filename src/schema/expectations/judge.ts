import { described, nonEmptyStringSchema } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'

export interface JudgeExpectation extends ExpectationBase {
  type: 'judge'
  criterion: string
  /** Evidence the judge may see beside the reply. */
  include?: Array<'records' | 'finalState' | 'input'>
  /** Default 0.7. */
  threshold?: number
}

export const judge = declareExpectation<JudgeExpectation>()({
  type: 'judge',
  description: 'A judge decides a criterion about the reply; anything but a pass verdict fails.',
  properties: {
    criterion: described('What the judge decides, in plain words.', nonEmptyStringSchema),
    include: {
      description: 'Evidence the judge sees besides the reply: records, finalState, input.',
      type: 'array',
      uniqueItems: true,
      items: { enum: ['records', 'finalState', 'input'] },
    },
    threshold: described('Lowest judge score (0-1) that passes.', {
      type: 'number',
      minimum: 0,
      maximum: 1,
    }),
  },
  required: ['criterion'],
  matchers: ['toPassJudge'],
})
