import type {
  ActiveFault,
  CallerView,
  DependencyEffect,
  FaultPolicy,
} from '../../../src/core/fault-model.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import type { ToolDefinition } from '../../../src/schema/twin-document.ts'
import { tool } from '../../support/twin-builder.ts'

export { objectInput, tool, twinDocument } from '../../support/twin-builder.ts'

/** The fixtures most tests use: two orders. */
export function orders(): JsonObject {
  return {
    orders: {
      o_1: { id: 'o_1', status: 'paid', total: 40, refunded: 0, tags: ['new'] },
      o_2: { id: 'o_2', status: 'shipped', total: 15, refunded: 0, tags: [] },
    },
  }
}

/** A refund tool: precondition on status, two effects, custom response. */
export function refundTool(extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return tool(
    'refund_order',
    {
      kind: 'mutate',
      target: 'orders.{order_id}',
      preconditions: [
        {
          path: 'status',
          equals: 'paid',
          error: { status: 409, body: { error: 'not_refundable', status: '{$target.status}' } },
        },
      ],
      effects: [
        { op: 'set', path: 'status', value: 'refunded' },
        { op: 'increment', path: 'refunded', by: '{amount}' },
      ],
      response: { status: 200, body: { refund_id: '{$id}', refunded: '{$target.refunded}' } },
    },
    { order_id: 'string', amount: 'number', idempotency_key: 'string' },
    {
      risk: 'WRITE_IRREVERSIBLE',
      input: {
        type: 'object',
        properties: {
          order_id: { type: 'string' },
          amount: { type: 'number', minimum: 0 },
          idempotency_key: { type: 'string' },
        },
        required: ['order_id', 'amount'],
        additionalProperties: false,
      },
      ...extra,
    },
  )
}

/**
 * A small inline fault type: the real catalog lives in `src/faults/`.
 * The caller view defaults to "the answer as JSON"; pass one to change what the caller sees.
 */
export function fault(
  effect: DependencyEffect,
  params: JsonObject = {},
  view?: (answer: { status: number; body: unknown }) => CallerView,
): ActiveFault {
  return {
    ruleId: `rule-${effect}`,
    params,
    fault: {
      type: `test_${effect}`,
      title: `test fault ${effect}`,
      dependency: { effect, description: effect },
      caller: { description: 'test' },
      dangerous: false,
      params: [],
      view:
        view ??
        ((answer) => ({
          kind: 'response',
          status: answer.status,
          headers: answer.headers,
          body: JSON.stringify(answer.body),
        })),
    },
  }
}

/** A policy that fires `active` on the given call numbers of one tool (all calls when none are given). */
export function policy(toolName: string, active: ActiveFault, callNumbers?: number[]): FaultPolicy {
  return {
    decide: ({ tool: calledTool, callNumber }) =>
      calledTool === toolName && (!callNumbers || callNumbers.includes(callNumber))
        ? active
        : undefined,
  }
}
