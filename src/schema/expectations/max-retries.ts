import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { toolNameSchema } from './parts.ts'

export interface MaxRetriesExpectation extends ExpectationBase {
  type: 'maxRetries'
  tool: string
  max: number
}

export const maxRetries = declareExpectation<MaxRetriesExpectation>()({
  type: 'maxRetries',
  description: 'The tool was retried at most so many times (one retry definition for all).',
  properties: {
    tool: described('The tool whose retries are counted.', toolNameSchema),
    max: described('Most retries allowed.', { type: 'integer', minimum: 0 }),
  },
  required: ['tool', 'max'],
  matchers: ['toHaveRetriedAtMost'],
})
