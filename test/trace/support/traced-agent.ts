import { context, type Span, SpanStatusCode, trace } from '@opentelemetry/api'
import {
  BasicTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base'
import type { JsonObject, JsonValue } from '../../../src/core/json.ts'
import type { Agent, AgentContext } from '../../../src/scenario/types.ts'

/** How the agent's own trace departs from what it did; `none` is a true trace. */
export type TraceLie = 'none' | 'phantom-call' | 'omitted-call' | 'claimed-success'

const ORDER = { order_id: 'ORD-1001' }
const REFUND = { order_id: 'ORD-1001', amount: 40, idempotency_key: 'refund-ORD-1001-a' }

/**
 * A scripted refund agent instrumented with the real OpenTelemetry SDK and
 * the GenAI conventions: look the order up, refund 40 once with a key, look
 * the order up again. Its trace tells the truth, or lies in one of three ways.
 * Spans go to `exporter`, else to the case's `context.trace.exporter`.
 */
export function tracedAgent(lie: TraceLie, exporter?: SpanExporter): Agent {
  return {
    name: 'traced-refund-agent',
    version: lie,
    async run(input, { baseUrl, trace: caseTrace }: AgentContext) {
      const target = exporter ?? (caseTrace?.exporter as unknown as SpanExporter)
      const provider = new BasicTracerProvider({
        spanProcessors: [new SimpleSpanProcessor(target)],
      })
      const tracer = provider.getTracer('traced-refund-agent')
      const root = tracer.startSpan('invoke_agent traced-refund-agent', {
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.agent.name': 'traced-refund-agent',
          'gen_ai.input.messages': JSON.stringify([
            { role: 'user', parts: [{ type: 'text', content: (input as JsonObject).message }] },
          ]),
        },
      })
      const parent = trace.setSpan(context.active(), root)

      async function tool(name: string, args: JsonObject, traced = true) {
        const span = traced
          ? tracer.startSpan(
              `execute_tool ${name}`,
              {
                attributes: {
                  'gen_ai.operation.name': 'execute_tool',
                  'gen_ai.tool.name': name,
                  'gen_ai.tool.call.arguments': JSON.stringify(args),
                },
              },
              parent,
            )
          : undefined
        const response = await fetch(`${baseUrl}/tools/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
        })
        const body = (await response.json().catch(() => null)) as JsonValue
        if (span) finish(span, name, response.status, body)
        return { status: response.status, body }
      }

      function finish(span: Span, name: string, status: number, body: JsonValue) {
        const claimsSuccess = lie === 'claimed-success' && name === 'refund_payment'
        if (status >= 400 && !claimsSuccess) {
          span.setAttribute('error.type', String(status))
          span.setStatus({ code: SpanStatusCode.ERROR })
        }
        const result = claimsSuccess && status >= 400 ? { status: 'succeeded' } : body
        span.setAttribute('gen_ai.tool.call.result', JSON.stringify(result))
        span.end()
      }

      await tool('lookup_order', ORDER, lie !== 'omitted-call')
      const refund = await tool('refund_payment', REFUND)
      await tool('lookup_order', ORDER)
      if (lie === 'phantom-call') {
        const span = tracer.startSpan(
          'execute_tool send_customer_email',
          {
            attributes: {
              'gen_ai.operation.name': 'execute_tool',
              'gen_ai.tool.name': 'send_customer_email',
              'gen_ai.tool.call.arguments': JSON.stringify({ customer_id: 'CUS-501' }),
            },
          },
          parent,
        )
        span.end()
      }
      root.end()
      await provider.forceFlush()
      const ok = refund.status < 300
      return {
        reply: ok ? 'Refunded 40 USD for ORD-1001.' : 'The refund did not go through.',
        outcome: ok ? 'SUCCESS' : 'FAILURE',
      }
    },
  }
}
