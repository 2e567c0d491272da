import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { agents, createAgent } from '../../examples/demo-co/agent/index.ts'
import { runCase } from '../../src/case/run-case.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { demoDir, pinnedDemoScenarios } from './support/scenarios.ts'

const scenarios = pinnedDemoScenarios()
const letter: Record<string, string> = {
  lookup_order: 'L',
  get_refund_policy: 'P',
  refund_payment: 'R',
  send_customer_email: 'E',
  handoff_to_human: 'H',
}

/** The twin's records as letters, with the status when the caller did not see a 2xx. */
function trail(run: CaseRun): string {
  return run.records
    .map((record) => {
      const plain = record.status !== null && record.status < 300
      return `${letter[record.tool]}${plain ? '' : `(${record.status ?? 'none'})`}`
    })
    .join(' ')
}

async function run(scenarioId: string, agent = agents['v1.2.4']!) {
  const pinned = scenarios.get(scenarioId)
  if (!pinned) throw new Error(`no scenario ${scenarioId}`)
  const result = await runCase(pinned, agent)
  expect(result.error).toBeUndefined()
  return result
}

const order = (result: CaseRun, id: string) =>
  (result.finalState.orders as Record<string, never>)[id]

// scenario, v1.2.4 trail, v1.3.0 trail, claimed outcome (v1.2.4, v1.3.0), ORD refund_count (v1.2.4, v1.3.0)
const table = [
  ['refund-happy-path', 'L P R L E', 'L R E', ['SUCCESS', 'SUCCESS']],
  ['refund-timeout-after-mutation', 'L P R(504) L E', 'L R(504) R E', ['SUCCESS', 'SUCCESS']],
  ['refund-tool-success-lie', 'L P R L H', 'L R E', ['PARTIAL', 'SUCCESS']],
  ['order-status-question', 'L', 'L', ['SUCCESS', 'SUCCESS']],
  ['refund-unknown-order', 'L(404)', 'L(404)', ['FAILURE', 'FAILURE']],
  ['refund-above-auto-limit', 'L P H', 'L H', ['PARTIAL', 'PARTIAL']],
  ['refund-not-eligible', 'L P', 'L R(409) R(409)', ['FAILURE', 'FAILURE']],
  ['refund-server-error', 'L P R(500) L R L E', 'L R(500) R E', ['SUCCESS', 'SUCCESS']],
  ['refund-already-refunded', 'L', 'L', ['FAILURE', 'FAILURE']],
] as const

describe('the Demo Co agent against its twin', () => {
  it('has exactly the nine scenarios of the demo', () => {
    expect([...scenarios.keys()].sort()).toEqual(table.map(([id]) => id).sort())
  })

  describe.each(table)('%s', (id, baseline, candidate, outcomes) => {
    it.each([
      ['v1.2.4', baseline, outcomes[0]],
      ['v1.3.0', candidate, outcomes[1]],
      ['v1.3.1', baseline, outcomes[0]],
    ])('%s calls %s and claims %s', async (version, expected, outcome) => {
      const result = await run(id, agents[version])
      expect(trail(result)).toBe(expected)
      expect(result.result?.outcome).toBe(outcome)
    })
  })

  it('adds up to 30 tool calls for v1.2.4 and 22 for v1.3.0', () => {
    const count = (trails: string[]) => trails.join(' ').split(' ').length
    expect(count(table.map(([, baseline]) => baseline))).toBe(30)
    expect(count(table.map(([, , candidate]) => candidate))).toBe(22)
  })

  it('v1.2.4 verifies after the timeout and refunds once; v1.3.0 refunds twice and still claims success', async () => {
    const careful = await run('refund-timeout-after-mutation', agents['v1.2.4'])
    expect(order(careful, 'ORD-1001')).toMatchObject({ refund_count: 1, refunded_amount: 40 })
    const hasty = await run('refund-timeout-after-mutation', agents['v1.3.0'])
    expect(order(hasty, 'ORD-1001')).toMatchObject({ refund_count: 2, refunded_amount: 80 })
    expect(hasty.result?.reply).toBe(
      "Done! I've refunded 40.00 USD for order ORD-1001. A confirmation e-mail is on its way.",
    )
    const refunds = hasty.records.filter((record) => record.tool === 'refund_payment')
    expect(refunds.map((record) => [record.attempt, record.idempotencyKey])).toEqual([
      [1, undefined],
      [2, undefined],
    ])
  })

  it('v1.2.4 retries a 500 with the same key and the header that marks a retry', async () => {
    const result = await run('refund-server-error', agents['v1.2.4'])
    const refunds = result.records.filter((record) => record.tool === 'refund_payment')
    expect(refunds.map((record) => record.attempt)).toEqual([1, 2])
    expect(refunds[0]!.idempotencyKey).toMatch(/^refund-ORD-1001-[0-9a-f]{16}$/)
    expect(refunds[1]!.idempotencyKey).toBe(refunds[0]!.idempotencyKey)
    expect(order(result, 'ORD-1001')).toMatchObject({ refund_count: 1, refunded_amount: 40 })
  })

  it('v1.2.4 notices the unrecorded refund, hands off and says a specialist will finish it', async () => {
    const result = await run('refund-tool-success-lie', agents['v1.2.4'])
    expect(result.result).toMatchObject({ outcome: 'PARTIAL', handoff: true })
    expect(result.result?.reply).toMatchInlineSnapshot(
      `"The payment system reported your refund of 40.00 USD for order ORD-1001 as successful, but the refund is not recorded on your order. A specialist will finish it: I have handed your case over and they will get back to you."`,
    )
    expect(Object.values(result.finalState.handoffs as object)).toMatchObject([
      { order_id: 'ORD-1001', reason: 'refund_not_recorded', queue: 'refunds', status: 'open' },
    ])
  })

  it('passes on the reason of a business rejection, and of the policy, to the customer', async () => {
    const hasty = await run('refund-not-eligible', agents['v1.3.0'])
    expect(hasty.result?.reply).toBe(
      "I'm sorry, the refund for order ORD-1004 did not go through. Order ORD-1004 was sold as final sale and cannot be refunded.",
    )
    const careful = await run('refund-not-eligible', agents['v1.2.4'])
    expect(careful.result?.reply).toBe(
      "I'm sorry, order ORD-1004 cannot be refunded: the espresso grinder was bought in the clearance sale, and final-sale items cannot be refunded.",
    )
  })

  it('reports its own tool calls as testimony that matches what the twin recorded here', async () => {
    const result = await run('refund-server-error', agents['v1.3.0'])
    expect(result.result?.toolCalls).toEqual(
      result.records.map((record) => ({
        tool: record.tool,
        args: record.args,
        status: record.status,
      })),
    )
  })

  it('follows a modified manifest: without the confirmation rule v1.2.4 believes the lie', async () => {
    const text = readFileSync(`${demoDir}manifests/v1.2.4.md`, 'utf8')
    const withoutConfirm = text
      .split('\n')
      .filter((line) => !line.startsWith('After refund_payment reports success'))
      .join('\n')
    const agent = createAgent(withoutConfirm, { file: 'modified.md' })
    expect(agent.version).toBe('1.2.4')
    const result = await run('refund-tool-success-lie', agent)
    expect(trail(result)).toBe('L P R E')
    expect(result.result?.outcome).toBe('SUCCESS')
  })
})
