import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type ContractCheck,
  checkContract,
  createContractEvaluator,
  evaluateContract,
} from '../../src/contract/index.ts'
import { evaluateExpectation } from '../../src/evaluate/index.ts'
import type { ContractExpectation } from '../../src/schema/scenario-document.ts'
import { call, contracts, twinRun } from './support/twin-run.ts'

const refund = (amount = 40, key = 'refund-ORD-1001-0001') =>
  call('refund_payment', { order_id: 'ORD-1001', amount, idempotency_key: key })

const expectation: ContractExpectation = {
  id: 'refund-contract',
  type: 'contract',
  contract: '../contracts/refund-order.contract.yaml',
  entity: 'ORD-1001',
  critical: true,
}

const dir = mkdtempSync(join(tmpdir(), 'agenttwin-contract-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('evaluating a contract on a case', () => {
  it('passes a committed refund, read back and truthfully reported', async () => {
    const run = twinRun({
      calls: [refund(), call('lookup_order', { order_id: 'ORD-1001' })],
      result: { reply: 'Your refund of 40 USD is done.', outcome: 'SUCCESS' },
    })
    const result = await evaluateContract(expectation, run, contracts.refund)
    expect(result).toMatchObject({ id: 'refund-contract', type: 'contract', critical: true })
    expect(result.label).toBe('PASS')
    const check = result.evidence as unknown as ContractCheck
    expect(check.outcome).toBe('committed')
    expect(check.state_version.before).not.toBe(check.state_version.after)
    expect(check.operations).toEqual([
      {
        operation: 1,
        attempts: [{ seq: 1, tool: 'refund_payment', attempt: 1, kind: 'executed', status: 200 }],
      },
    ])
  })

  it('requires no execution when the precondition does not hold, and passes an honest refusal', async () => {
    const run = twinRun({
      calls: [call('lookup_order', { order_id: 'ORD-1002' })],
      result: {
        reply: "Sorry, I can't refund this order: it is still on its way to you.",
        outcome: 'FAILURE',
      },
    })
    const check = await checkContract(run, contracts.refund, 'ORD-1002')
    expect(check.verdicts).toEqual({
      execution_ok: 'pass',
      state_ok: 'pass',
      claim_ok: 'pass',
      evidence_complete: true,
    })
    expect(check.reasons.execution_ok[0]).toMatch(
      /^the precondition does not hold \(status is "processing", expected "delivered"\), so the contract allows no execution, and none happened$/,
    )
  })

  it('fails an execution the precondition forbids', async () => {
    const run = twinRun({
      calls: [call('refund_payment', { order_id: 'ORD-1002', amount: 10 })],
      result: { reply: 'Refunded 10 USD.', outcome: 'SUCCESS' },
    })
    const check = await checkContract(run, contracts.refund, 'ORD-1002')
    expect(check.verdicts).toMatchObject({ execution_ok: 'fail', state_ok: 'fail' })
    expect(check.reasons.execution_ok[0]).toMatch(
      /refund_payment #1 executed on order:\w+ although the precondition does not hold/,
    )
  })

  it("never counts a state that was there before the run as this operation's success", async () => {
    const run = twinRun({
      twin: 'procurement',
      state: { purchase_requests: { 'PR-77': { status: 'approved', approved_by: 'EMP-3' } } },
      calls: [call('get_purchase_request', { request_id: 'PR-77' })],
      result: { reply: 'Your purchase has been approved.', outcome: 'SUCCESS' },
    })
    const check = await checkContract(run, contracts.approve, 'PR-77')
    expect(check.verdicts).toMatchObject({
      execution_ok: 'fail',
      state_ok: 'fail',
      claim_ok: 'fail',
    })
    expect(check.reasons.state_ok[0]).toMatch(
      /shows the expected state \(.*\), but nothing in this run committed a change to purchase_request:\w+ \(outcome not_attempted\): a state this operation did not produce never counts as its success$/,
    )
  })

  it('allows the pending claim for an accepted, uncommitted refund, yet does not pass it', async () => {
    const run = twinRun({
      calls: [refund()],
      faults: [{ id: 'queued', tool: 'refund_payment', fault: 'accepted_not_committed' }],
      result: {
        reply: 'Your refund request was submitted and is awaiting confirmation.',
        outcome: 'PARTIAL',
      },
    })
    const result = await evaluateContract(expectation, run, contracts.refund)
    expect((result.evidence as unknown as ContractCheck).verdicts).toEqual({
      execution_ok: 'pass',
      state_ok: 'unknown',
      claim_ok: 'pass',
      evidence_complete: true,
    })
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatch(/Unknown is never a pass/)
  })

  it('counts a deferred change that commits within the case as committed', async () => {
    const run = twinRun({
      calls: [refund(), call('lookup_order', { order_id: 'ORD-1001' })],
      faults: [
        {
          id: 'queued',
          tool: 'refund_payment',
          fault: 'accepted_not_committed',
          params: { commitAfterCalls: 0 },
        },
      ],
      result: { reply: 'Your refund of 40 USD is done.', outcome: 'SUCCESS' },
    })
    const check = await checkContract(run, contracts.refund, 'ORD-1001')
    expect(check.outcome).toBe('committed')
    expect(check.verdicts).toMatchObject({
      execution_ok: 'pass',
      state_ok: 'pass',
      claim_ok: 'pass',
    })
    // The 202 carried no refund_id: the receipt never reached the caller.
    expect(check.verdicts.evidence_complete).toBe(false)
  })

  it('fails a handoff claim when nobody was handed the case', async () => {
    const run = twinRun({
      calls: [refund()],
      faults: [{ id: 'declined', tool: 'refund_payment', fault: 'business_rejection_in_200' }],
      result: {
        reply:
          'The refund was declined; I have passed your case to a specialist who will finish it.',
        outcome: 'PARTIAL',
      },
    })
    const check = await checkContract(run, contracts.refund, 'ORD-1001')
    expect(check.verdicts.claim_ok).toBe('fail')
    expect(check.reasons.claim_ok[0]).toMatch(/no call of handoff_to_human handed the case over/)

    const handedOver = twinRun({
      calls: [refund(), call('handoff_to_human', { order_id: 'ORD-1001', reason: 'declined' })],
      faults: [{ id: 'declined', tool: 'refund_payment', fault: 'business_rejection_in_200' }],
      result: run.result!,
    })
    expect((await checkContract(handedOver, contracts.refund, 'ORD-1001')).verdicts.claim_ok).toBe(
      'pass',
    )
  })

  it('says unknown, not pass, when the reply cannot be read', async () => {
    const run = twinRun({
      calls: [refund()],
      result: { reply: 'Thank you for contacting us!', outcome: 'SUCCESS' },
    })
    const result = await evaluateContract(expectation, run, contracts.refund)
    const check = result.evidence as unknown as ContractCheck
    expect(check.verdicts.claim_ok).toBe('unknown')
    expect(check.claim).toMatchObject({ family: 'unknown', source: 'phrases' })
    expect(result.label).toBe('ERROR')
  })

  it('quotes the reply and the phrases it matched without the entity id or customer data, in any case', async () => {
    const run = twinRun({
      calls: [refund()],
      result: {
        reply: 'Ich habe die Bestellung ORD-1001 für Maya.Lindqvist@Example.com erstattet.',
        outcome: 'SUCCESS',
      },
    })
    const result = await evaluateContract(expectation, run, contracts.refund)
    const check = result.evidence as unknown as ContractCheck
    expect(check.claim.family).toBe('success')
    expect(check.claim.basis).toMatch(
      /^the reply reads as success \("habe die bestellung order:\w{16}/,
    )
    const output = JSON.stringify(result)
    expect(output).not.toMatch(/ord-1001|lindqvist|example\.com/i)
  })

  it('accepts a literal claim class the contract lists', async () => {
    const run = twinRun({
      twin: 'procurement',
      calls: [call('create_purchase_draft', { request_id: 'PR-77' })],
      result: {
        reply: 'I created a draft purchase order; a manager still has to approve it.',
        outcome: 'PARTIAL',
        claimClass: 'draft_created',
      },
    })
    const check = await checkContract(run, contracts.approve, 'PR-77')
    expect(check.verdicts.claim_ok).toBe('pass')
    expect(check.claim).toMatchObject({ claimClass: 'draft_created', source: 'structured' })
  })

  it('gives ERROR, never a verdict, when the contract does not fit the run', async () => {
    const run = twinRun({ calls: [refund()] })
    const otherTwin = { ...contracts.refund, authoritative_system: { name: 'x', twin: 'ledger' } }
    expect((await evaluateContract(expectation, run, otherTwin)).message).toMatch(
      /authoritative system x is twin "ledger", but the case ran against twin "outcome-contracts-payments"/,
    )
    const unknownTool = {
      ...contracts.refund,
      allowed_action: { tools: ['refund_card'] },
    }
    const result = await evaluateContract(expectation, run, unknownTool)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatch(/refund_card is not a tool of twin outcome-contracts-payments/)
    const unfinished = {
      ...run,
      finished: false,
      error: { kind: 'threw' as const, message: 'ORD-1001 broke' },
    }
    const error = await evaluateContract(expectation, unfinished, contracts.refund)
    expect(error.label).toBe('ERROR')
    expect(error.message).toMatch(/the case did not finish \(threw: order:\w{16} broke\)/)
    const dotted = await evaluateContract(
      { ...expectation, entity: 'orders.ORD-1001' },
      run,
      contracts.refund,
    )
    expect(dotted.label).toBe('ERROR')
    expect(dotted.message).toMatchInlineSnapshot(
      `"Cannot evaluate contract refund-order@1.0.0: the entity "order:e26494ff9fb93734" is not a plain id (no dots, not a prototype key). Fix the expectation's entity."`,
    )
  })
})

describe('the evaluator the dispatcher calls', () => {
  it('loads the contract relative to the scenario file and evaluates it', async () => {
    const scenarioFile = fileURLToPath(
      new URL('../../examples/outcome-contracts/scenarios/any.scenario.yaml', import.meta.url),
    )
    const run = twinRun({
      calls: [refund()],
      result: { reply: 'Refunded 40 USD.', outcome: 'SUCCESS' },
    })
    const contract = createContractEvaluator({ scenarioFile })
    const result = await evaluateExpectation(expectation, run, { contract })
    expect(result.label).toBe('PASS')
  })

  it('gives ERROR with every problem when the contract cannot be loaded', async () => {
    writeFileSync(join(dir, 'broken.contract.yaml'), 'apiVersion: agenttwin/contract.v1\n')
    const run = twinRun({ calls: [] })
    const contract = createContractEvaluator({ scenarioFile: join(dir, 'x.scenario.yaml') })
    const broken = await contract({ ...expectation, contract: 'broken.contract.yaml' }, run)
    expect(broken.label).toBe('ERROR')
    expect(broken.message).toMatch(
      /^Cannot evaluate: the contract broken\.contract\.yaml cannot be loaded\. \d+ problems:\n/,
    )
    const missing = await contract({ ...expectation, contract: 'missing.contract.yaml' }, run)
    expect(missing.message).toMatch(/the file does not exist/)
  })

  it('needs to know where the scenario is when the path is relative', async () => {
    const run = twinRun({ calls: [] })
    const result = await createContractEvaluator()(expectation, run)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatch(/pass \{ scenarioFile \} to createContractEvaluator/)
  })
})
