import { describe, expect, it } from 'vitest'
import {
  checkedFaultRule,
  createFaultPolicy,
  InvalidFaultRuleError,
  isCheckedFaultRule,
  UnknownFaultTypeError,
} from '../../src/faults/index.ts'
import { pinCase } from '../../src/scenario/pin.ts'
import { loadScenario } from '../../src/schema/index.ts'

const SCENARIO = 'examples/demo-co/scenarios/refund-timeout-after-mutation.scenario.yaml'

describe('fault rules are checked once', () => {
  it('a loaded scenario carries its rules as checked, and a pinned case keeps them', async () => {
    const loaded = await loadScenario(SCENARIO)
    const [rule] = loaded.document.faults!
    expect(isCheckedFaultRule(rule)).toBe(true)
    const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
    expect(pinned.document.faults![0]).toBe(rule)
    // Frozen at its check, so it cannot become another rule than the one checked.
    expect(() => {
      ;(rule as { fault: string }).fault = 'no_such_fault'
    }).toThrow(TypeError)
    const policy = createFaultPolicy(pinned.document.faults!, { seed: 0 })
    expect(policy.decide({ tool: rule!.tool, callNumber: 1, args: {} })?.ruleId).toBe(rule!.id)
  })

  it('a copy of a checked rule, or a rule built in code, is checked when compiled', async () => {
    const loaded = await loadScenario(SCENARIO)
    const copy = { ...structuredClone(loaded.document.faults![0]!), fault: 'timeout_after_mutaton' }
    expect(isCheckedFaultRule(copy)).toBe(false)
    expect(() => createFaultPolicy([copy], { seed: 0 })).toThrow(UnknownFaultTypeError)
    const handMade = {
      id: 'r',
      tool: 'refund_payment',
      fault: 'timeout_after_mutation',
      when: { call: 0 },
    }
    expect(() => createFaultPolicy([handMade], { seed: 0 })).toThrow(InvalidFaultRuleError)
  })

  it('a checked rule compiled for other tools is checked against them', () => {
    const { rule } = checkedFaultRule(
      { id: 'r', tool: 'refund_payment', fault: 'timeout_after_mutation' },
      ['refund_payment'],
    )
    expect(isCheckedFaultRule(rule)).toBe(true)
    expect(() => createFaultPolicy([rule!], { seed: 0, toolNames: ['get_order'] })).toThrow(
      InvalidFaultRuleError,
    )
  })

  it('a rule with problems is not marked checked', () => {
    const result = checkedFaultRule({ id: 'r', tool: 'refund_payment', fault: 'nope' }, [
      'refund_payment',
    ])
    expect(result.rule).toBeUndefined()
    expect(result.problems.map((problem) => problem.path)).toEqual(['fault'])
  })
})
