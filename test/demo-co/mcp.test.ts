/**
 * The Demo Co table over MCP: the same agents, whose tools are now MCP tools
 * reached through the official SDK client (Streamable HTTP at the twin's
 * `/mcp`), run the same nine pinned scenarios with `transport: 'mcp'`.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAgent, manifestsDir } from '../../examples/demo-co/agent/index.ts'
import { evaluateCase } from '../../src/case/evaluate-case.ts'
import { runCase } from '../../src/case/run-case.ts'
import { comparePair, type SideRuns } from '../../src/compare/pair.ts'
import { pinnedDemoScenarios } from './support/scenarios.ts'

const scenarios = pinnedDemoScenarios()
// Short: over MCP a timeout is no answer at all, so the agent waits for its own deadline.
const agent = (version: string) =>
  createAgent(readFileSync(`${manifestsDir}v${version}.md`, 'utf8'), { toolTimeoutMs: 400 })

async function side(version: string, transport: 'http' | 'mcp'): Promise<SideRuns> {
  const demo = agent(version)
  const cases = []
  for (const pinned of scenarios.values()) {
    const run = await runCase(pinned, demo, { transport })
    cases.push({ run, results: await evaluateCase(pinned.document.expectations, run) })
  }
  return { agent: { name: demo.name, version: demo.version }, cases }
}

const classes = (pair: ReturnType<typeof comparePair>) =>
  Object.fromEntries(pair.cases.map((item) => [item.scenario.id, item.classification]))

describe('the Demo Co pairs over MCP', () => {
  const mcp: Record<string, SideRuns> = {}
  const http: Record<string, SideRuns> = {}
  beforeAll(async () => {
    for (const version of ['1.2.4', '1.3.0', '1.3.1']) mcp[version] = await side(version, 'mcp')
    for (const version of ['1.2.4', '1.3.0']) http[version] = await side(version, 'http')
  }, 120_000)

  it('every call went over MCP and the twin recorded it so', () => {
    const records = mcp['1.2.4']!.cases.flatMap((c) => c.run.records)
    expect(records.length).toBe(30)
    expect(records.every((record) => record.transport === 'mcp')).toBe(true)
  })

  it('v1.3.0 vs v1.2.4: 2 new critical failures, 1 regression, 6 unchanged; 22 vs 30 tool calls', () => {
    const pair = comparePair({ baseline: mcp['1.2.4']!, candidate: mcp['1.3.0']! })
    expect(pair.counts).toMatchObject({ NEW_CRITICAL_FAILURE: 2, REGRESSED: 1, UNCHANGED: 6 })
    expect(classes(pair)).toEqual(
      classes(comparePair({ baseline: http['1.2.4']!, candidate: http['1.3.0']! })),
    )
    expect(pair.toolCalls).toEqual({ baseline: 30, candidate: 22 })
  })

  it('the timeout case: the same two sentences as over HTTP, and the double refund in state', () => {
    const id = 'refund-timeout-after-mutation'
    const over = (sides: Record<string, SideRuns>) =>
      comparePair({ baseline: sides['1.2.4']!, candidate: sides['1.3.0']! }).cases.find(
        (item) => item.scenario.id === id,
      )!
    const viaMcp = over(mcp)
    expect(viaMcp.classification).toBe('NEW_CRITICAL_FAILURE')
    expect(viaMcp.divergence?.sentence).toBe(over(http).divergence?.sentence)
    expect(viaMcp.divergence?.detail).toBe(over(http).divergence?.detail)
    const candidate = mcp['1.3.0']!.cases.find((c) => c.run.scenario.id === id)!
    expect(candidate.run.finalState).toMatchObject({
      orders: { 'ORD-1001': { refund_count: 2, refunded_amount: 80 } },
    })
    expect(candidate.run.result?.outcome).toBe('SUCCESS')
  })

  it('v1.3.1 vs v1.3.0: the three failing cases improve; v1.3.1 vs v1.2.4: nine unchanged', () => {
    expect(comparePair({ baseline: mcp['1.3.0']!, candidate: mcp['1.3.1']! }).counts).toMatchObject(
      { IMPROVED: 3, UNCHANGED: 6 },
    )
    expect(
      comparePair({ baseline: mcp['1.2.4']!, candidate: mcp['1.3.1']! }).counts.UNCHANGED,
    ).toBe(9)
  })
})
