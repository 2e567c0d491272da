import { describe, expect, it } from 'vitest'
import { evaluateHandoff } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import type { HandoffExpectation } from '../../src/schema/scenario-document.ts'
import type { TwinDocument } from '../../src/schema/twin-document.ts'
import { call, runCase } from './support/case-run.ts'
import { refundTwin } from './support/refund-twin.ts'

const handedOff: HandoffExpectation = { id: 'to-human', type: 'handoff', expected: true }
const handoff = call('handoff_to_human', { order_id: 'ORD-1001', reason: 'refund not recorded' })
const lookup = call('lookup_order', { order_id: 'ORD-1001' })

describe('handoff', () => {
  it('passes when the handoff tool answered 2xx, finding the tool by its declaration', () => {
    const run = runCase({ calls: [lookup, handoff], result: { outcome: 'PARTIAL', handoff: true } })
    const result = evaluateHandoff(handedOff, run)
    expect(result.label).toBe('PASS')
    expect(result.message).toBe(
      'The case was handed to a human: handoff_to_human #2 answered 201 (the agent says it did hand off).',
    )
    expect(result.evidence).toMatchObject({
      tools: ['handoff_to_human'],
      handoffs: [2],
      claimedHandoff: true,
    })
  })

  it('fails when the agent says it handed off but the twin has no such call', () => {
    const run = runCase({ calls: [lookup], result: { handoff: true } })
    const result = evaluateHandoff(handedOff, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'The case was not handed to a human: handoff_to_human was never called, expected a handoff (the agent says it did hand off).',
    )
  })

  it('counts a handoff that landed although its answer timed out (what the system did decides)', () => {
    const run = runCase({
      calls: [handoff],
      faults: [fault('timeout_after_mutation').on('handoff_to_human')],
      result: { outcome: 'PARTIAL' },
    })
    expect(run.records[0]).toMatchObject({ status: 504, outcome: 'success' })
    expect(evaluateHandoff(handedOff, run).label).toBe('PASS')
    expect(evaluateHandoff({ ...handedOff, expected: false }, run).label).toBe('FAIL')
  })

  it('does not count a handoff call that failed', () => {
    const run = runCase({
      calls: [handoff],
      faults: [fault('server_error').on('handoff_to_human')],
    })
    const result = evaluateHandoff(handedOff, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'The case was not handed to a human: handoff_to_human #1 failed (status 500), expected a handoff.',
    )
  })

  it('does not count a 2xx handoff that the twin did not do', () => {
    const run = runCase({
      calls: [handoff],
      faults: [fault('success_without_effect').on('handoff_to_human')],
    })
    const result = evaluateHandoff(handedOff, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toMatchInlineSnapshot(
      `"The case was not handed to a human: handoff_to_human #1 answered 201 but the twin did not record a handoff (fault success_without_effect), expected a handoff."`,
    )
  })

  it('expected: false passes without a handoff and fails with one', () => {
    const none = runCase({ calls: [lookup] })
    expect(evaluateHandoff({ ...handedOff, expected: false }, none).label).toBe('PASS')
    const some = runCase({ calls: [handoff] })
    const result = evaluateHandoff({ ...handedOff, expected: false }, some)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'The case was handed to a human: handoff_to_human #1 answered 201, expected no handoff.',
    )
  })

  it('uses a named tool', () => {
    const run = runCase({
      calls: [call('update_customer', { customer_id: 'C-1', email: 'a@b.test' })],
    })
    expect(evaluateHandoff({ ...handedOff, tool: 'update_customer' }, run).label).toBe('PASS')
  })

  it('never guesses a handoff from a tool name: escalate_ticket raising a priority is none', () => {
    const human = refundTwin.tools.find((tool) => tool.name === 'handoff_to_human')!
    const document: TwinDocument = {
      ...refundTwin,
      tools: [
        ...refundTwin.tools.filter((tool) => tool !== human),
        { ...human, name: 'escalate_ticket', handoff: false },
      ],
    }
    const run = runCase({ calls: [call('escalate_ticket', { order_id: 'ORD-1001' })], document })
    expect(run.records[0]!.outcome).toBe('success')
    expect(run.tools.find((tool) => tool.name === 'escalate_ticket')!.handoff).toBeUndefined()
    const result = evaluateHandoff({ ...handedOff, expected: false }, run)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"Cannot evaluate: twin refund-desk declares no handoff tool (its tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, update_customer and escalate_ticket). Declare it in the twin with \`handoff: true\` on the tool, or name it here with \`tool\`."`,
    )
  })

  it('is an ERROR when the twin has no handoff tool', () => {
    const document: TwinDocument = {
      ...refundTwin,
      tools: refundTwin.tools.filter((tool) => tool.name !== 'handoff_to_human'),
    }
    const run = runCase({ calls: [lookup], document })
    const result = evaluateHandoff(handedOff, run)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"Cannot evaluate: twin refund-desk declares no handoff tool (its tools: lookup_order, get_refund_policy, refund_payment, send_customer_email and update_customer). Declare it in the twin with \`handoff: true\` on the tool, or name it here with \`tool\`."`,
    )
  })
})
