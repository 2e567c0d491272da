import { resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'
import { runCase } from '../../src/case/run-case.ts'
import { evaluateExpectation } from '../../src/evaluate/index.ts'
import { pinCase } from '../../src/scenario/pin.ts'
import { loadScenario } from '../../src/schema/index.ts'
import { agentTwinMatchers } from '../../src/vitest/runtime/matchers/all-matchers.ts'
import { type TraceLie, tracedAgent } from './support/traced-agent.ts'

const scenarios = resolve(import.meta.dirname, '../../examples/demo-co/scenarios')

async function traced(lie: TraceLie, scenario: string) {
  const loaded = await loadScenario(resolve(scenarios, `${scenario}.scenario.yaml`))
  const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
  const run = await runCase(pinned, tracedAgent(lie), { timeoutMs: 10_000 })
  const result = await evaluateExpectation({ id: 'trace', type: 'traceMatchesRecords' }, run)
  return { run, result }
}

describe('traceMatchesRecords: the agent trace as a claim', () => {
  it('keeps the exported spans on the case and passes a true trace', async () => {
    const { run, result } = await traced('none', 'refund-timeout-after-mutation')
    const names = run.trace?.spans.map((span) => span.name) ?? []
    expect(names).toContain('invoke_agent traced-refund-agent')
    expect(names.filter((name) => name.startsWith('execute_tool'))).toEqual([
      'execute_tool lookup_order',
      'execute_tool refund_payment',
      'execute_tool lookup_order',
    ])
    expect(result.label).toBe('PASS')
    expect(result.message).toBe(
      "The trace names the same 3 tool calls as the twin's records, each with the result the twin answered.",
    )
  })

  it('reports a call the trace claims but the twin never received', async () => {
    const { result } = await traced('phantom-call', 'refund-happy-path')
    expect(result.label).toBe('FAIL')
    expect(result.message).toMatch(
      /^The trace and the twin's records disagree \(1 finding\): The trace claims a call send_customer_email\(customer_id=CUS-501\) \(span [0-9a-f]{16}\) that the twin never received\.$/,
    )
  })

  it('reports a call the twin received that the trace does not mention', async () => {
    const { result } = await traced('omitted-call', 'refund-happy-path')
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      "The trace and the twin's records disagree (1 finding): The twin received lookup_order(order_id=ORD-1001) #1 (status 200); the trace does not mention it.",
    )
  })

  it('reports a result the trace gives differently: refund_payment succeeded where the twin answered 504', async () => {
    const { run, result } = await traced('claimed-success', 'refund-timeout-after-mutation')
    expect(run.records.find((record) => record.tool === 'refund_payment')?.status).toBe(504)
    expect(result.label).toBe('FAIL')
    expect(result.message).toMatch(
      /disagree \(1 finding\): The trace says refund_payment\(amount=40, idempotency_key=refund-ORD-1001-a, order_id=ORD-1001\) \(span [0-9a-f]{16}\) succeeded; the twin answered refund_payment\(amount=40, idempotency_key=refund-ORD-1001-a, order_id=ORD-1001\) #2 with status 504\.$/,
    )
  })

  it('is an ERROR, never a pass, when the agent exported no spans', async () => {
    const loaded = await loadScenario(resolve(scenarios, 'refund-happy-path.scenario.yaml'))
    const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
    const silent = tracedAgent('none', {
      export: (_spans, done) => done({ code: 0 }),
      shutdown: async () => {},
    })
    const run = await runCase(pinned, silent, { timeoutMs: 10_000 })
    const result = await evaluateExpectation({ id: 'trace', type: 'traceMatchesRecords' }, run)
    expect(run.trace).toBeUndefined()
    expect(result.label).toBe('ERROR')
  })

  it('leaves every other expectation reading the records: a lying trace changes no other verdict', async () => {
    const lying = await traced('claimed-success', 'refund-timeout-after-mutation')
    const honest = await traced('none', 'refund-timeout-after-mutation')
    const state = {
      id: 'once',
      type: 'state',
      path: 'orders.ORD-1001.refund_count',
      equals: 1,
    } as const
    const a = await evaluateExpectation(state, lying.run)
    const b = await evaluateExpectation(state, honest.run)
    expect([a.label, a.message]).toEqual([b.label, b.message])
  })
})

describe('toHaveTraceMatchingRecords', () => {
  expect.extend(agentTwinMatchers)

  it('passes on a true trace and fails, citing the finding, on a lying one', async () => {
    const honest = await traced('none', 'refund-happy-path')
    expect(honest.run).toHaveTraceMatchingRecords()
    const lying = await traced('claimed-success', 'refund-timeout-after-mutation')
    expect(lying.run).not.toHaveTraceMatchingRecords()
    // Without the colours the matcher frames its message in (Vitest's `this.utils`).
    const message = (() => {
      try {
        expect(lying.run).toHaveTraceMatchingRecords()
      } catch (error) {
        return stripVTControlCharacters((error as Error).message)
      }
      return 'the matcher passed'
    })()
    expect(message).toMatch(
      /Evidence \(FAIL\): .*The trace says refund_payment\(.*\) succeeded; the twin answered refund_payment\(.*\) #2 with status 504\./s,
    )
  })
})
