import type { JsonObject } from '../../core/json.ts'
import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { type ArgsMatchMode, argsModeProperty, argsProperty, toolNameSchema } from './parts.ts'

export interface NotCalledToolExpectation extends ExpectationBase {
  type: 'notCalledTool'
  tool: string
  args?: JsonObject
  argsMode?: ArgsMatchMode
}

export const notCalledTool = declareExpectation<NotCalledToolExpectation>()({
  type: 'notCalledTool',
  description: 'The twin recorded no call of the tool (with matching arguments).',
  properties: {
    tool: described('The tool the expectation is about.', toolNameSchema),
    args: argsProperty,
    argsMode: argsModeProperty,
  },
  required: ['tool'],
  matchers: [],
  notMatchers: ['toHaveCalledTool'],
})
