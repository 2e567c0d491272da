import { resolve } from 'node:path'
import { runCase } from '../../../src/case/run-case.ts'
import type { CaseRun } from '../../../src/core/case-run.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import type { Agent } from '../../../src/scenario/types.ts'
import { loadScenario, loadTwinSync } from '../../../src/schema/index.ts'

const demoCo = resolve(import.meta.dirname, '../../../examples/demo-co')

/** The Demo Co twin document: in-process tools built from it reach each case's own twin. */
export const demoCoTwin = loadTwinSync(resolve(demoCo, 'twins/demo-co.twin.yaml'))

export const REFUND_REQUEST =
  'Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?'

/** Runs one Demo Co scenario against an agent, as the plugin and the CLI run it. */
export async function runDemoCase(scenario: string, agent: Agent): Promise<CaseRun> {
  const loaded = await loadScenario(resolve(demoCo, `scenarios/${scenario}.scenario.yaml`))
  const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
  return runCase(pinned, agent, { timeoutMs: 30_000 })
}

/** What a scripted model does at one step: call tools, or answer. */
export type Step =
  | { call: Array<{ tool: string; args: Record<string, unknown> }> }
  | { say: string }

/** The refund, step by step: look the order up, read the policy, refund, answer. */
export const REFUND_SCRIPT: Step[] = [
  { call: [{ tool: 'lookup_order', args: { order_id: 'ORD-1001' } }] },
  { call: [{ tool: 'get_refund_policy', args: { order_id: 'ORD-1001' } }] },
  {
    call: [
      {
        tool: 'refund_payment',
        args: { order_id: 'ORD-1001', amount: 40, idempotency_key: 'refund-ORD-1001-40' },
      },
    ],
  },
  { say: 'Done: I refunded 40 USD to your card.' },
]

/** The refund when the first attempt fails: the same key on the retry. */
export const RETRY_SCRIPT: Step[] = [
  REFUND_SCRIPT[2]!,
  REFUND_SCRIPT[2]!,
  { say: 'The first attempt failed; the retry refunded 40 USD.' },
]

/** The twin's records of REFUND_SCRIPT with in-process tools: tool, status, transport. */
export const REFUND_RECORDS = [
  ['lookup_order', 200, 'in-process'],
  ['get_refund_policy', 200, 'in-process'],
  ['refund_payment', 200, 'in-process'],
]

/** What an adapter keeps of REFUND_SCRIPT on a scripted model that reports 100/20 tokens a call. */
export const REFUND_RESULT = {
  reply: 'Done: I refunded 40 USD to your card.',
  toolCalls: REFUND_SCRIPT.flatMap((step) =>
    'call' in step ? step.call.map((call) => ({ tool: call.tool, args: call.args })) : [],
  ),
  tokens: { input: 400, output: 80 },
}

/** The twin's records of RETRY_SCRIPT under `refund-server-error`: tool, status, fault. */
export const RETRY_RECORDS = [
  ['refund_payment', 500, 'server_error'],
  ['refund_payment', 200, null],
]

/** A case context in turn 2 of a conversation: the whole of it is what the model must see. */
export function conversationContext() {
  return {
    baseUrl: 'https://unused.invalid',
    signal: new AbortController().signal,
    conversation: {
      turn: 2,
      messages: [
        { role: 'user' as const, content: REFUND_REQUEST },
        { role: 'assistant' as const, content: 'Refunded. Anything else?' },
        { role: 'user' as const, content: 'When does my other order ship?' },
      ],
    },
  }
}
