import { described } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import { type ArgsMatchMode, argsModeProperty, type ToolStep, toolStepSchema } from './parts.ts'

export interface TrajectoryExpectation extends ExpectationBase {
  type: 'trajectory'
  mode: 'strict' | 'unordered' | 'subset' | 'superset'
  steps: ToolStep[]
  /** How arguments of a step are compared, default `ignore` when a step has no args, else `subset`. */
  argsMode?: ArgsMatchMode
}

export const trajectory = declareExpectation<TrajectoryExpectation>()({
  type: 'trajectory',
  description: "The twin's recorded calls match the expected steps in the given mode.",
  properties: {
    mode: described(
      'How the calls compare with the steps: strict, unordered, subset or superset.',
      { enum: ['strict', 'unordered', 'subset', 'superset'] },
    ),
    steps: described('The expected tool calls.', {
      type: 'array',
      minItems: 1,
      items: toolStepSchema,
    }),
    argsMode: argsModeProperty,
  },
  required: ['mode', 'steps'],
  matchers: ['toMatchTrajectory'],
})
