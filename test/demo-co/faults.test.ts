import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createAgent } from '../../examples/demo-co/agent/index.ts'
import { runCase } from '../../src/case/run-case.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import type { JsonObject } from '../../src/core/json.ts'
import type { FaultRuleInput } from '../../src/faults/index.ts'
import { demoDir, pinnedDemoScenarios } from './support/scenarios.ts'

// The happy path with one more fault on the first refund_payment call: how the
// agent copes beyond the nine published scenarios. A short tool timeout keeps
// the hanging cases fast.
const happyPath = pinnedDemoScenarios().get('refund-happy-path')!
const agentFor = (version: string) =>
  createAgent(readFileSync(`${demoDir}manifests/v${version}.md`, 'utf8'), { toolTimeoutMs: 250 })
const careful = agentFor('1.2.4')
const hasty = agentFor('1.3.0')
const letter: Record<string, string> = {
  lookup_order: 'L',
  get_refund_policy: 'P',
  refund_payment: 'R',
  send_customer_email: 'E',
  handoff_to_human: 'H',
}

async function withFault(agent: typeof careful, fault: string, params: JsonObject = {}) {
  const rule: FaultRuleInput = {
    id: 'extra',
    tool: 'refund_payment',
    when: { call: 1 },
    fault,
    params,
  }
  const run = await runCase(happyPath, agent, { faults: [rule] })
  expect(run.error).toBeUndefined()
  return run
}

function summary(run: CaseRun) {
  const order = (run.finalState.orders as Record<string, JsonObject>)['ORD-1001']!
  return {
    trail: run.records
      .map((record) => {
        const plain = record.status !== null && record.status < 300
        return `${letter[record.tool]}${plain ? '' : `(${record.status ?? 'none'})`}`
      })
      .join(' '),
    outcome: run.result?.outcome,
    refunds: order.refund_count,
  }
}

describe('v1.2.4 under faults it was not written for', () => {
  it.each([
    ['timeout_after_mutation', { hang: true }, 'L P R(none) L E', 'SUCCESS', 1],
    ['reset_after_effect', {}, 'L P R(none) L E', 'SUCCESS', 1],
    ['reset_before_effect', {}, 'L P R(none) L R L E', 'SUCCESS', 1],
    ['partial_response', {}, 'L P R L E', 'SUCCESS', 1],
    ['server_error_after_commit', {}, 'L P R(500) L E', 'SUCCESS', 1],
    ['schema_drift', {}, 'L P R L E', 'SUCCESS', 1],
    ['accepted_not_committed', {}, 'L P R L H', 'PARTIAL', 0],
    ['rate_limited', {}, 'L P R(429) H', 'PARTIAL', 0],
    ['business_rejection_in_200', {}, 'L P R', 'FAILURE', 0],
  ] as const)('%s %j: %s, %s, %i refund(s)', async (fault, params, trail, outcome, refunds) => {
    expect(summary(await withFault(careful, fault, params))).toEqual({ trail, outcome, refunds })
  })

  it('tells the customer an accepted refund is submitted and awaiting confirmation, not done', async () => {
    const run = await withFault(careful, 'accepted_not_committed')
    expect(run.result?.reply).toMatch(/has been submitted and is awaiting confirmation/)
    expect(run.result?.handoff).toBe(true)
  })
})

describe('v1.3.0 under the same faults', () => {
  it.each([
    ['timeout_after_mutation', { hang: true }, 'L R(none) R E', 'SUCCESS', 2],
    ['reset_after_effect', {}, 'L R(none) R E', 'SUCCESS', 2],
    ['partial_response', {}, 'L R R E', 'SUCCESS', 2],
    ['rate_limited', {}, 'L R(429) R E', 'SUCCESS', 1],
  ] as const)('%s %j: %s, %s, %i refund(s)', async (fault, params, trail, outcome, refunds) => {
    expect(summary(await withFault(hasty, fault, params))).toEqual({ trail, outcome, refunds })
  })
})
