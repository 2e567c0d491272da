import { toCaseTool } from '../../../src/case/case-run.ts'
import type { AgentResult, CaseError, CaseRun } from '../../../src/core/case-run.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import {
  createFaultPolicy,
  type FaultRuleBuilder,
  type TypedFaultRule,
} from '../../../src/faults/index.ts'
import type { TwinDocument } from '../../../src/schema/twin-document.ts'
import { createTwin } from '../../../src/twin/index.ts'
import type { ToolCall } from '../../../src/twin/types.ts'
import { refundTwin } from './refund-twin.ts'

export interface CaseScript {
  /** The calls the "agent" makes, in order, through the twin itself. */
  calls: ToolCall[]
  /** Fault rules (plain or built with `fault(...)`), seed 0. */
  faults?: Array<TypedFaultRule | FaultRuleBuilder>
  /** What the agent answers; default a SUCCESS claim. */
  result?: Partial<AgentResult>
  /** The case did not finish: no result, this error. */
  unfinished?: CaseError
  stateOverrides?: JsonObject
  document?: TwinDocument
}

/** Shorthand for one call. */
export function call(tool: string, args: JsonObject = {}, attempt?: number): ToolCall {
  return attempt === undefined ? { tool, args } : { tool, args, attempt }
}

/**
 * Runs the calls against a fresh twin (with faults) and assembles the CaseRun a
 * scenario runner would: records, initial and final state from the twin.
 */
export function runCase(script: CaseScript): CaseRun {
  const document = script.document ?? refundTwin
  const toolNames = document.tools.map((tool) => tool.name)
  const faults = script.faults
    ? createFaultPolicy(script.faults, { seed: 0, toolNames })
    : undefined
  const twin = createTwin(document, {
    ...(faults ? { faults } : {}),
    ...(script.stateOverrides ? { stateOverrides: script.stateOverrides } : {}),
  })
  for (const toolCall of script.calls) twin.call(toolCall)
  const records = twin.records()
  const run: CaseRun = {
    schema: 'agenttwin/case-run.v1',
    scenario: { id: 'evaluate-test', version: '1', title: 'evaluate test', digest: 'sha256:test' },
    twin: { name: twin.name, version: document.metadata.version, digest: 'sha256:twin' },
    seed: 0,
    agent: { name: 'scripted', version: '0.0.0' },
    input: null,
    tools: twin.tools.map(toCaseTool),
    initialState: twin.initialState(),
    finalState: twin.state(),
    records,
    finished: script.unfinished === undefined,
    metrics: { latencyMs: 0, toolCalls: records.length },
  }
  if (script.unfinished) run.error = script.unfinished
  else run.result = { reply: 'Done.', outcome: 'SUCCESS', ...script.result }
  twin.dispose()
  return run
}
