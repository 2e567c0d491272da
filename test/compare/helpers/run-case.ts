import { toCaseTool } from '../../../src/case/case-run.ts'
import { digest } from '../../../src/core/canonical-json.ts'
import type {
  AgentResult,
  CaseError,
  CaseRun,
  CaseTurn,
  ClaimedOutcome,
} from '../../../src/core/case-run.ts'
import type { FaultRuleDocument } from '../../../src/core/fault-model.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import { createFaultPolicy } from '../../../src/faults/rules.ts'
import { createTwin } from '../../../src/twin/create-twin.ts'
import type { ToolCall } from '../../../src/twin/types.ts'
import { demoTwin } from './demo-twin.ts'

/** A scenario as the tests pin it: what both sides of a pair must share. */
export interface TestScenario {
  id: string
  version?: string
  seed?: number
  state?: JsonObject
  faults?: FaultRuleDocument[]
}

/** One user turn of a scripted conversation: what the user says, the agent's calls, its reply. */
export interface ScriptedTurn {
  user: string
  calls: ToolCall[]
  reply: string
  outcome?: ClaimedOutcome
}

/** A scripted agent's behaviour in one case: its calls, then what it reports. */
export interface Script {
  calls: ToolCall[]
  /** A conversation: each turn's calls and reply (then `calls` must be empty). */
  turns?: ScriptedTurn[]
  outcome?: ClaimedOutcome
  /** The case did not finish. */
  error?: CaseError
  handoff?: boolean
  latencyMs?: number
  tokens?: { input: number; output: number }
}

export const v124 = { name: 'support-refund-agent', version: '1.2.4' }
export const v130 = { name: 'support-refund-agent', version: '1.3.0' }

/**
 * Runs a scripted agent against a fresh Demo Co twin and records the case the
 * way the scenario runner does: every call goes through the real twin (and its
 * seeded fault rules), so records, changes and final state are the twin's own.
 */
export function runCase(
  scenario: TestScenario,
  agent: { name: string; version: string },
  script: Script,
): CaseRun {
  const seed = scenario.seed ?? 0
  const faults = createFaultPolicy(scenario.faults ?? [], {
    seed,
    toolNames: demoTwin.tools.map((tool) => tool.name),
  })
  const twin = createTwin(demoTwin, {
    faults,
    ...(scenario.state ? { stateOverrides: scenario.state } : {}),
  })
  for (const call of script.calls) twin.call(call)
  const conversation: CaseTurn[] = []
  for (const [index, turn] of (script.turns ?? []).entries()) {
    twin.beginTurn(index + 1)
    for (const call of turn.calls) twin.call(call)
    const result: AgentResult = {
      reply: turn.reply,
      ...(turn.outcome && { outcome: turn.outcome }),
    }
    conversation.push({
      turn: index + 1,
      user: turn.user,
      input: { message: turn.user },
      state: twin.state(),
      ...(script.error && index === script.turns!.length - 1
        ? { error: script.error }
        : { result }),
    })
  }
  const records = twin.records()
  const version = scenario.version ?? '1'
  const run: CaseRun = {
    schema: 'agenttwin/case-run.v1',
    scenario: {
      id: scenario.id,
      version,
      title: scenario.id.replace(/-/g, ' '),
      digest: digest({ ...scenario, version }),
    },
    twin: {
      name: demoTwin.metadata.name,
      version: demoTwin.metadata.version,
      digest: digest(demoTwin),
    },
    seed,
    agent,
    input: { message: `scenario ${scenario.id}` },
    tools: demoTwin.tools.map(toCaseTool),
    initialState: twin.initialState(),
    finalState: twin.state(),
    records,
    finished: script.error === undefined,
    metrics: { latencyMs: script.latencyMs ?? 100, toolCalls: records.length },
  }
  if (script.tokens) run.metrics.tokens = script.tokens
  if (script.turns) run.conversation = conversation
  if (script.error) {
    run.error = script.error
  } else {
    const last = conversation.at(-1)?.result
    const result: AgentResult = last ?? { reply: 'Done.', outcome: script.outcome ?? 'SUCCESS' }
    if (script.handoff !== undefined) result.handoff = script.handoff
    run.result = result
  }
  twin.dispose()
  return run
}

/** Tool calls, short to write. */
export const call = {
  lookup: (): ToolCall => ({ tool: 'lookup_order', args: { order_id: 'ORD-1001' } }),
  policy: (): ToolCall => ({ tool: 'get_refund_policy', args: { order_id: 'ORD-1001' } }),
  refund: (amount = 40, idempotency_key?: string): ToolCall => ({
    tool: 'refund_payment',
    args: { order_id: 'ORD-1001', amount, ...(idempotency_key ? { idempotency_key } : {}) },
  }),
  note: (note: string): ToolCall => ({
    tool: 'add_order_note',
    args: { order_id: 'ORD-1001', note },
  }),
  email: (subject: string): ToolCall => ({
    tool: 'send_customer_email',
    args: { to: 'maya@example.com', subject },
  }),
  handoff: (reason: string): ToolCall => ({
    tool: 'handoff_to_human',
    args: { order_id: 'ORD-1001', reason },
  }),
}
