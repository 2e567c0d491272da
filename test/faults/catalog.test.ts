import { describe, expect, it } from 'vitest'
import { faultCatalog, faultTypeNames, getFaultType } from '../../src/faults/catalog.ts'
import { checkFaultRule } from '../../src/faults/check-rule.ts'

const SPEC_TABLE = [
  'connection_refused',
  'timeout_before_effect',
  'timeout_after_mutation',
  'reset_before_effect',
  'reset_after_effect',
  'server_error',
  'server_error_after_commit',
  'rate_limited',
  'slow_success',
  'partial_response',
  'malformed_json',
  'empty_response',
  'schema_drift',
  'success_without_effect',
  'inconsistent_state',
  'applied_twice',
  'business_rejection_in_200',
  'accepted_not_committed',
  'stale_read',
  'auth_expired',
  'idempotency_key_in_flight',
  'idempotency_key_mismatch',
]
/** The injection family (SPEC "Adversarial content"): attacker-written content in a normal answer. */
const INJECTIONS = [
  'injection_in_response',
  'injection_in_list',
  'injection_in_state',
  'injection_in_description',
]

describe('fault catalog', () => {
  it('holds at least twenty fault types, every one from the spec table', () => {
    expect(faultCatalog.length).toBeGreaterThanOrEqual(20)
    expect(faultCatalog.map((fault) => fault.type).sort()).toEqual(
      [...SPEC_TABLE, ...INJECTIONS].sort(),
    )
    expect(faultTypeNames).toEqual(faultCatalog.map((fault) => fault.type))
  })

  it('names every type once, in snake_case', () => {
    const names = faultCatalog.map((fault) => fault.type)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/)
  })

  it.each(faultCatalog.map((fault) => [fault.type, fault] as const))(
    '%s states both facts and documents its params',
    (_name, fault) => {
      expect(fault.title.trim()).not.toBe('')
      expect(fault.dependency.description.trim().length).toBeGreaterThan(10)
      expect(fault.caller.description.trim().length).toBeGreaterThan(10)
      for (const param of fault.params) {
        expect(param.description.trim()).not.toBe('')
        expect(param.name).toMatch(/^[a-z][a-zA-Z]*$/)
      }
    },
  )

  it.each(faultCatalog.map((fault) => [fault.type, fault] as const))(
    "%s's own defaults pass its own rule check",
    (name, fault) => {
      const params = Object.fromEntries(
        fault.params.flatMap((p) => {
          const value = p.default ?? p.example
          return value === undefined ? [] : [[p.name, value] as const]
        }),
      )
      expect(checkFaultRule({ id: 'r', tool: 't', fault: name, params }, ['t'])).toEqual([])
    },
  )

  it('marks as dangerous exactly the faults whose two facts contradict', () => {
    const dangerous = faultCatalog.filter((fault) => fault.dangerous).map((fault) => fault.type)
    expect(dangerous.sort()).toEqual(
      [
        'timeout_after_mutation',
        'reset_after_effect',
        'server_error_after_commit',
        'partial_response',
        'malformed_json',
        'empty_response',
        'success_without_effect',
        'inconsistent_state',
        'applied_twice',
        'stale_read',
      ].sort(),
    )
  })

  it('fixes the dependency effect each type enacts', () => {
    const effects = Object.fromEntries(faultCatalog.map((f) => [f.type, f.dependency.effect]))
    expect(effects).toMatchObject({
      connection_refused: 'none',
      timeout_after_mutation: 'applied',
      empty_response: 'applied',
      success_without_effect: 'none',
      inconsistent_state: 'partial',
      applied_twice: 'twice',
      accepted_not_committed: 'deferred',
      stale_read: 'stale',
      business_rejection_in_200: 'none',
    })
  })

  it('looks types up by name and answers undefined for unknown names', () => {
    expect(getFaultType('rate_limited')?.title).toBe('Rate limited')
    expect(getFaultType('rate-limited')).toBeUndefined()
  })
})
