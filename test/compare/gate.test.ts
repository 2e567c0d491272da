import { describe, expect, it } from 'vitest'
import type { CaseClass } from '../../src/compare/classify.ts'
import { InvalidGatePolicyError } from '../../src/compare/errors.ts'
import { combineGates, decideGate } from '../../src/compare/gate.ts'
import { emptyCounts } from '../../src/compare/pair.ts'

const counts = (values: Partial<Record<CaseClass, number>>) => ({ ...emptyCounts(), ...values })

describe('decideGate', () => {
  it('blocks on a new critical failure or a regression by default', () => {
    expect(decideGate(counts({ NEW_CRITICAL_FAILURE: 2, REGRESSED: 1, UNCHANGED: 6 }))).toEqual({
      verdict: 'BLOCK',
      reasons: ['2 NEW_CRITICAL_FAILURE cases (block)', '1 REGRESSED case (block)'],
    })
    expect(decideGate(counts({ REGRESSED: 1, IMPROVED: 3 })).verdict).toBe('BLOCK')
  })

  it('warns on an incomplete case by default, and a block outranks it', () => {
    expect(decideGate(counts({ INCOMPLETE: 1, UNCHANGED: 8 }))).toEqual({
      verdict: 'WARN',
      reasons: ['1 INCOMPLETE case (warn)'],
    })
    expect(decideGate(counts({ INCOMPLETE: 1, REGRESSED: 1 })).verdict).toBe('BLOCK')
  })

  it('passes when cases only improved or stayed the same', () => {
    expect(decideGate(counts({ IMPROVED: 3, UNCHANGED: 6 }))).toEqual({
      verdict: 'PASS',
      reasons: [],
    })
  })

  it('does not pass an empty comparison', () => {
    expect(decideGate(counts({}))).toEqual({ verdict: 'WARN', reasons: ['no case was compared'] })
    expect(decideGate(counts({}), { empty: 'BLOCK' }).verdict).toBe('BLOCK')
  })

  it('follows a configured policy', () => {
    const strict = { block: ['NEW_CRITICAL_FAILURE', 'REGRESSED', 'INCOMPLETE'] as CaseClass[] }
    expect(decideGate(counts({ INCOMPLETE: 1 }), strict).verdict).toBe('BLOCK')
    const lenient = {
      block: ['NEW_CRITICAL_FAILURE'] as CaseClass[],
      warn: ['REGRESSED', 'INCOMPLETE'] as CaseClass[],
    }
    expect(decideGate(counts({ REGRESSED: 1, IMPROVED: 1 }), lenient)).toEqual({
      verdict: 'WARN',
      reasons: ['1 REGRESSED case (warn)'],
    })
  })

  it('refuses a policy with an unknown class or a class in both lists', () => {
    const unknown = { block: ['REGRESSION' as CaseClass] }
    expect(() => decideGate(counts({}), unknown)).toThrow(InvalidGatePolicyError)
    expect(() => decideGate(counts({}), unknown)).toThrow(/unknown class REGRESSION/)
    const both = { block: ['REGRESSED'] as CaseClass[], warn: ['REGRESSED'] as CaseClass[] }
    expect(() => decideGate(counts({}), both)).toThrow(/REGRESSED is in both "block" and "warn"/)
    try {
      decideGate(counts({}), both)
    } catch (error) {
      expect((error as InvalidGatePolicyError).code).toBe('AGENTTWIN_INVALID_GATE_POLICY')
    }
  })
})

describe('a policy never lets the unknown pass', () => {
  it('refuses a policy where INCOMPLETE neither warns nor blocks', () => {
    const silent = { block: ['NEW_CRITICAL_FAILURE'] as CaseClass[], warn: [] as CaseClass[] }
    expect(() => decideGate(counts({ INCOMPLETE: 1 }), silent)).toThrow(
      /INCOMPLETE is in neither "block" nor "warn", so a case that did not finish would pass/,
    )
    const claimed = { warn: ['REGRESSED'] as CaseClass[] }
    expect(() => decideGate(counts({}), claimed)).toThrow(InvalidGatePolicyError)
  })

  it('refuses an empty comparison that passes', () => {
    expect(() => decideGate(counts({}), { empty: 'PASS' })).toThrow(
      /"empty" is PASS, so a comparison of no case would pass/,
    )
  })
})

describe('combineGates', () => {
  it('takes the worst verdict', () => {
    const pass = { verdict: 'PASS' as const, reasons: [] }
    const warn = { verdict: 'WARN' as const, reasons: ['1 INCOMPLETE case (warn)'] }
    expect(combineGates([pass, warn]).verdict).toBe('WARN')
    expect(combineGates([pass, pass]).verdict).toBe('PASS')
    expect(combineGates([]).verdict).toBe('WARN')
  })
})
