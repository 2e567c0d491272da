import { describe, expect, it } from 'vitest'
import { evaluateNotCalledTool } from '../../src/evaluate/index.ts'
import type { NotCalledToolExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const noEmail: NotCalledToolExpectation = {
  id: 'no-confirmation-email',
  type: 'notCalledTool',
  tool: 'send_customer_email',
  critical: true,
}
const email = call('send_customer_email', {
  to: 'ana@example.test',
  subject: 'Your refund is done',
})
const handoff = call('handoff_to_human', { order_id: 'ORD-1001', reason: 'refund not recorded' })

describe('notCalledTool', () => {
  it('passes when the forbidden tool was never called', () => {
    const run = runCase({ calls: [handoff] })
    const result = evaluateNotCalledTool(noEmail, run)
    expect(result).toMatchObject({
      label: 'PASS',
      critical: true,
      message: 'send_customer_email was never called.',
    })
  })

  it('fails when it was called, citing the record and status', () => {
    const run = runCase({ calls: [call('lookup_order', { order_id: 'ORD-1001' }), email] })
    const result = evaluateNotCalledTool(noEmail, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'send_customer_email was called (#2, status 201), which this case forbids.',
    )
    expect(result.evidence).toMatchObject({ tool: 'send_customer_email', matching: [2] })
  })

  it('with args, only forbids matching calls', () => {
    const run = runCase({ calls: [email] })
    const other = evaluateNotCalledTool({ ...noEmail, args: { to: 'bo@example.test' } }, run)
    expect(other.label).toBe('PASS')
    expect(other.message).toBe(
      'send_customer_email with to=bo@example.test (args subset) was never called. Calls with other arguments: send_customer_email #1 had subject=Your refund is done, to=ana@example.test.',
    )
    const same = evaluateNotCalledTool({ ...noEmail, args: { to: 'ana@example.test' } }, run)
    expect(same.label).toBe('FAIL')
  })

  it('is an ERROR, not a pass, for a misspelt tool', () => {
    const run = runCase({ calls: [email] })
    const result = evaluateNotCalledTool({ ...noEmail, tool: 'send_email' }, run)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"Cannot evaluate: send_email is not a tool of twin refund-desk (its tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human and update_customer). Fix the tool name in the expectation."`,
    )
  })
})
