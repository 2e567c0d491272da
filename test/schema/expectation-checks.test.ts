import { describe, expect, test, vi } from 'vitest'
import type { CaseTool } from '../../src/core/case-run.ts'
import { expectationIssues } from '../../src/schema/expectation-checks.ts'

// A matcher checks the expectation it spells as the loader would; the same call in every test
// of a suite is checked once. What passed is remembered per twin, and only what passed.
const checks = vi.hoisted(() => ({ count: 0 }))

vi.mock('../../src/schema/scenario-checks.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/schema/scenario-checks.ts')>()
  return {
    ...original,
    scenarioIssues: (...args: Parameters<typeof original.scenarioIssues>) => {
      checks.count++
      return original.scenarioIssues(...args)
    },
  }
})

const tools: CaseTool[] = [
  { name: 'refund_payment', risk: 'WRITE_IRREVERSIBLE', effectKey: 'refund:{order_id}' },
  { name: 'lookup_order', risk: 'READ' },
]
const crm = { name: 'crm', tools }
const notCalled = { id: 'in-code', type: 'notCalledTool', tool: 'refund_payment' }

describe('expectationIssues, as the matchers call it in every test', () => {
  test('the same expectation against the same twin is checked once', () => {
    checks.count = 0
    expect(expectationIssues({ ...notCalled }, crm)).toEqual([])
    // Another run of the same twin: a new tools list with the same tools.
    expect(expectationIssues({ ...notCalled }, { name: 'crm', tools: [...tools] })).toEqual([])
    expect(checks.count).toBe(1)
  })

  test('a twin without the tool refuses it, after the same expectation passed on another twin', () => {
    expect(expectationIssues({ ...notCalled }, crm)).toEqual([])
    const issues = expectationIssues({ ...notCalled }, { name: 'crm', tools: [tools[1]!] })
    expect(issues.map((issue) => issue.path)).toEqual([['tool']])
    expect(issues[0]!.message).toMatch(/refund_payment/)
  })

  test('a refused expectation is refused every time, each time checked', () => {
    checks.count = 0
    const typo = { ...notCalled, tool: 'refund_paymnt' }
    for (let run = 0; run < 3; run++) {
      expect(expectationIssues(typo, crm).map((issue) => issue.path)).toEqual([['tool']])
    }
    expect(checks.count).toBe(3)
  })

  test('an expectation JSON cannot key (a value JSON would drop) is checked every time', () => {
    checks.count = 0
    const undefinedValue = { ...notCalled, note: undefined }
    expectationIssues(undefinedValue, crm)
    expectationIssues(undefinedValue, crm)
    expect(checks.count).toBe(2)
  })
})
