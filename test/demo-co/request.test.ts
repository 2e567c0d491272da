import { describe, expect, it } from 'vitest'
import { readSupportRequest, understand } from '../../examples/demo-co/agent/request.ts'

describe('understand', () => {
  it.each([
    [
      'Could you refund 40 USD for order ORD-1001, please?',
      { intent: 'refund', orderId: 'ORD-1001', amount: { value: 40, currency: 'USD' } },
    ],
    [
      'I want my money back for ord-77, $12.50',
      { intent: 'refund', orderId: 'ORD-77', amount: { value: 12.5, currency: 'USD' } },
    ],
    [
      'Refund EUR 19.99 on ORD-3',
      { intent: 'refund', orderId: 'ORD-3', amount: { value: 19.99, currency: 'EUR' } },
    ],
    ['Please refund order ORD-1004.', { intent: 'refund', orderId: 'ORD-1004' }],
    ['Where is my order ORD-1002?', { intent: 'order-status', orderId: 'ORD-1002' }],
    ['ORD-1002', { intent: 'order-status', orderId: 'ORD-1002' }],
    ['When will my parcel arrive?', { intent: 'order-status' }],
    ['Hello there', { intent: 'unclear' }],
  ])('%s', (message, expected) => {
    expect(understand(message)).toEqual(expected)
  })

  it('does not take digits of the order id for an amount', () => {
    expect(understand('Refund ORD-1001 please').amount).toBeUndefined()
  })
})

describe('readSupportRequest', () => {
  it('accepts a message with an optional customer id', () => {
    expect(readSupportRequest({ message: 'Hi', customer_id: 'CUS-1' })).toEqual({
      message: 'Hi',
      customer_id: 'CUS-1',
    })
  })

  it.each([[null], ['text'], [{}], [{ message: '  ' }], [{ message: 'Hi', customer_id: 7 }]])(
    'refuses %j with a fix',
    (input) => {
      expect(() => readSupportRequest(input)).toThrow(/DEMO|Fix: give the scenario an input like/)
    },
  )
})
