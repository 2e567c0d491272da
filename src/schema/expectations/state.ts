import { declareExpectation, type ExpectationBase } from './declare.ts'
import { statePathProperty, type ValueCheck, valueCheckProperties } from './parts.ts'

export interface StateExpectation extends ExpectationBase, ValueCheck {
  type: 'state'
  path: string
}

export const state = declareExpectation<StateExpectation>()({
  type: 'state',
  description: 'The value at a state path of the twin after the case passes one value check.',
  properties: { path: statePathProperty, ...valueCheckProperties },
  required: ['path'],
  matchers: ['toHaveStateAt'],
})
