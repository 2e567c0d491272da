import { describe, expect, it } from 'vitest'
import { createRedactor, hashEntityRef, MASK } from '../../src/contract/index.ts'

describe('redaction', () => {
  const redact = createRedactor({
    entityType: 'order',
    entities: ['ORD-1001', 'ORD-10'],
    sensitiveKeys: ['phone'],
    sensitiveValues: ['+46 70 123 45 67'],
  })

  it('hashes entity references the same way every time, and differently per entity or salt', () => {
    const ref = hashEntityRef('order', 'ORD-1001')
    expect(ref).toMatch(/^order:[0-9a-f]{16}$/)
    expect(redact.ref('ORD-1001')).toBe(ref)
    expect(hashEntityRef('order', 'ORD-1002')).not.toBe(ref)
    expect(hashEntityRef('order', 'ORD-1001', 'tenant-a')).not.toBe(ref)
  })

  it('replaces entity ids in text, the longest first', () => {
    expect(redact.text('Refunded ORD-1001, not ORD-10.')).toBe(
      `Refunded ${hashEntityRef('order', 'ORD-1001')}, not ${hashEntityRef('order', 'ORD-10')}.`,
    )
  })

  it('masks e-mail addresses, card numbers, tokens and known sensitive values in text', () => {
    const text = redact.text(
      'Mail maya@example.com, card 4111 1111 1111 1111 (or 4111-1111-1111-1111), token tok_live_9f8e7d6c5b, auth Bearer abc.def.ghi123, phone +46 70 123 45 67',
    )
    expect(text).toBe(
      `Mail ${MASK}, card ${MASK} (or ${MASK}), token ${MASK}, auth ${MASK}, phone ${MASK}`,
    )
  })

  it('masks sensitive fields by name in values, and redacts every string and key', () => {
    const value = redact.value({
      'ORD-1001': {
        customer_email: 'maya@example.com',
        payment: { card_number: '4111111111111111', token: 'anything' },
        phone: '555',
        note: 'call maya@example.com',
        refund_count: 1,
      },
    })
    expect(value).toEqual({
      [hashEntityRef('order', 'ORD-1001')]: {
        customer_email: MASK,
        payment: { card_number: MASK, token: MASK },
        phone: MASK,
        note: `call ${MASK}`,
        refund_count: 1,
      },
    })
  })

  it('leaves ordinary text alone', () => {
    const text =
      'refund_count went from 0 to 1 (+1), as expected; state version sha256:5080bd192bbe'
    expect(redact.text(text)).toBe(text)
  })
})
