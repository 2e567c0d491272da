import { describe, expect, test } from 'vitest'
import { FOLD_INDENT, foldLine, foldText } from '../../src/report/index.ts'

const unfold = (lines: string[]) => lines.join('\n').replaceAll(`\n${FOLD_INDENT}`, '')

describe('folding long lines', () => {
  const email =
    'send_customer_email(body=Hi Maya, we have refunded 40.00 USD for order ORD-1001 (reference rf_1). It will show on your statement within 5 business days., to=maya@example.com) → 202'

  test('a short line stays as it is', () => {
    expect(foldLine('lookup_order(order_id=ORD-1001) → 200', 40)).toEqual([
      'lookup_order(order_id=ORD-1001) → 200',
    ])
  })

  test('no piece is longer than the width, and joined they give the line back', () => {
    for (const width of [20, 33, 40, 88]) {
      const lines = foldLine(email, width)
      expect(lines.length).toBeGreaterThan(1)
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(width)
      expect(unfold(lines)).toBe(email)
    }
  })

  test('breaks after a comma or a space when one is near the end, else mid-word', () => {
    expect(foldLine(email, 40)).toEqual([
      'send_customer_email(body=Hi Maya, ',
      '    we have refunded 40.00 USD for ',
      '    order ORD-1001 (reference rf_1). It ',
      '    will show on your statement within ',
      '    5 business days., ',
      '    to=maya@example.com) → 202',
    ])
    expect(foldLine('x'.repeat(25), 10)).toEqual([
      'xxxxxxxxxx',
      '    xxxxxx',
      '    xxxxxx',
      '    xxx',
    ])
  })

  test('two lines that differ late differ on a folded line of their own', () => {
    const other = email.replace('rf_1', 'rf_2')
    const a = foldLine(email, 40)
    const b = foldLine(other, 40)
    expect(a[0]).toBe(b[0])
    expect(a.filter((line, index) => line !== b[index])).toEqual([
      '    order ORD-1001 (reference rf_1). It ',
    ])
  })

  test('foldText folds every line of a text', () => {
    expect(foldText(`short\n${'y'.repeat(12)}`, 8)).toBe('short\nyyyyyyyy\n    yyyy')
  })

  test('an offset leaves room on the first line for what a view prints before it', () => {
    expect(foldText('one two three', 12, 'Error'.length)).toBe('one \n    two \n    three')
    expect(foldText('one two three', 12)).toBe('one two \n    three')
    expect(foldLine('abc', 5, 2)).toEqual(['abc'])
  })
})
