import { fileURLToPath } from 'node:url'
import type { AgentResult, CaseRun } from '../../../src/core/case-run.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import { createFaultPolicy, type FaultRuleInput } from '../../../src/faults/index.ts'
import { loadContractSync, loadTwinSync } from '../../../src/schema/index.ts'
import { createTwin } from '../../../src/twin/index.ts'
import type { ToolCall } from '../../../src/twin/types.ts'

const pack = (path: string) =>
  fileURLToPath(new URL(`../../../examples/outcome-contracts/${path}`, import.meta.url))

export const twins = {
  payments: loadTwinSync(pack('twins/payments.twin.yaml')),
  procurement: loadTwinSync(pack('twins/procurement.twin.yaml')),
}

export const contracts = {
  refund: loadContractSync(pack('contracts/refund-order.contract.yaml')),
  approve: loadContractSync(pack('contracts/approve-purchase.contract.yaml')),
}

export interface Script {
  twin?: keyof typeof twins
  calls: ToolCall[]
  faults?: FaultRuleInput[]
  state?: JsonObject
  result?: AgentResult
}

/** Shorthand for one call. */
export const call = (tool: string, args: JsonObject, attempt?: number): ToolCall =>
  attempt === undefined ? { tool, args } : { tool, args, attempt }

/**
 * The calls made straight against a fresh twin (faults and state overrides
 * applied), assembled into the CaseRun a scenario runner would produce.
 */
export function twinRun(script: Script): CaseRun {
  const document = twins[script.twin ?? 'payments']
  const twin = createTwin(document, {
    ...(script.state ? { stateOverrides: script.state } : {}),
    ...(script.faults ? { faults: createFaultPolicy(script.faults, { seed: 0 }) } : {}),
  })
  for (const each of script.calls) twin.call(each)
  const records = twin.records()
  const run: CaseRun = {
    schema: 'agenttwin/case-run.v1',
    scenario: { id: 'contract-test', version: '1', title: 'contract test', digest: 'sha256:test' },
    twin: { name: twin.name, version: document.metadata.version, digest: 'sha256:twin' },
    seed: 0,
    agent: { name: 'scripted', version: '0.0.0' },
    input: null,
    tools: twin.tools.map((tool) => ({ name: tool.name, risk: tool.risk })),
    initialState: twin.initialState(),
    finalState: twin.state(),
    records,
    finished: true,
    result: script.result ?? { reply: 'Done.', outcome: 'SUCCESS' },
    metrics: { latencyMs: 0, toolCalls: records.length },
  }
  twin.dispose()
  return run
}
