import type { CallerView, FaultParamSpec } from '../../core/fault-model.ts'
import type { JsonValue } from '../../core/json.ts'
import { renderAnswer } from '../../core/render-answer.ts'
import { booleanParam, defineFault, numberParam, serverErrorView } from './parts.ts'

const timeoutParams: FaultParamSpec[] = [
  {
    name: 'hang',
    type: 'boolean',
    default: false,
    description:
      'true: no answer at all, the request hangs until the caller aborts it (its own timeout); false: a 504 from the gateway',
  },
  {
    name: 'delayMs',
    type: 'integer',
    minimum: 0,
    default: 0,
    description:
      'latency before the 504 arrives (a real gateway waits 30-60 s; 0 keeps tests fast)',
  },
]

/** A gateway that gave up waiting: 504, or silence when `hang` is set. */
function timeoutView(params: Record<string, JsonValue>): CallerView {
  if (booleanParam(params, 'hang', false)) return { kind: 'no-response' }
  return serverErrorView(504, numberParam(params, 'delayMs', 0))
}

export const timeoutBeforeEffect = defineFault({
  type: 'timeout_before_effect',
  title: 'Timeout before the effect',
  dependency: {
    effect: 'none',
    description: 'Nothing: the request timed out before it reached the dependency.',
  },
  caller: {
    description:
      'No answer, then a 504 gateway timeout (or a hang until the caller aborts, with hang: true).',
  },
  mcp: {
    kind: 'no-answer',
    description:
      'No answer to tools/call at all, until the client cancels the request (its own timeout).',
  },
  dangerous: false,
  params: timeoutParams,
  view: (_answer, params) => timeoutView(params),
})

export const timeoutAfterMutation = defineFault({
  type: 'timeout_after_mutation',
  title: 'Timeout after the mutation',
  dependency: {
    effect: 'applied',
    description:
      'All of it: the dependency committed the change, but the answer never made it back.',
  },
  caller: {
    description:
      'No answer, then a 504 gateway timeout (or a hang until the caller aborts, with hang: true).',
  },
  mcp: {
    kind: 'no-answer',
    description:
      'No answer to tools/call at all, until the client cancels the request (its own timeout).',
  },
  dangerous: true,
  params: timeoutParams,
  view: (_answer, params) => timeoutView(params),
})

export const slowSuccess = defineFault({
  type: 'slow_success',
  title: 'Slow success',
  dependency: { effect: 'applied', description: 'All of it, as normal.' },
  caller: { description: "The twin's normal answer, but late (delayMs before the first byte)." },
  mcp: { kind: 'tool-result', description: "The twin's normal tool result, but late (delayMs)." },
  dangerous: false,
  params: [
    {
      name: 'delayMs',
      type: 'integer',
      minimum: 0,
      default: 2000,
      description: 'latency before the first byte of the answer',
    },
  ],
  view: (answer, params) => renderAnswer(answer, numberParam(params, 'delayMs', 2000)),
})
