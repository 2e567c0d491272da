import type { JsonObject } from '../../core/json.ts'
import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { type ArgsMatchMode, argsModeProperty, argsProperty, toolNameSchema } from './parts.ts'

export interface CalledToolExpectation extends ExpectationBase {
  type: 'calledTool'
  tool: string
  args?: JsonObject
  argsMode?: ArgsMatchMode
  /** Exact number of matching calls; default: at least one. */
  times?: number
}

export const calledTool = declareExpectation<CalledToolExpectation>()({
  type: 'calledTool',
  description: 'The twin recorded a call of the tool (with matching arguments, so many times).',
  properties: {
    tool: described('The tool the expectation is about.', toolNameSchema),
    args: argsProperty,
    argsMode: argsModeProperty,
    times: described('Exactly how many matching calls there must be.', {
      type: 'integer',
      minimum: 0,
    }),
  },
  required: ['tool'],
  matchers: ['toHaveCalledTool'],
})
