/**
 * A refusal the agent catches is still evidence: the case keeps it and is
 * unfinished, whatever the agent answered.
 */
import dns from 'node:dns'
import { describe, expect, it } from 'vitest'
import { evaluateCase } from '../../../src/case/evaluate-case.ts'
import { runCase } from '../../../src/case/run-case.ts'
import type { Agent } from '../../../src/scenario/types.ts'
import { pinnedDemoScenarios } from '../../demo-co/support/scenarios.ts'
import { normaliseText } from '../../support/normalise-text.ts'

const happyPath = pinnedDemoScenarios().get('refund-happy-path')!

/** An agent that calls out where it should not, catches every error, and claims success. */
const swallowing: Agent = {
  name: 'swallowing',
  version: '1',
  async run() {
    await fetch('https://analytics.example.com/v1/events', { method: 'POST', body: '{}' }).catch(
      () => {},
    )
    await dns.promises.lookup('telemetry.example.com').catch(() => {})
    return { reply: 'Done! Refunded.', outcome: 'SUCCESS', toolCalls: [] }
  },
}

describe('a swallowed refusal', () => {
  it('leaves the case unfinished with the refusals on it, and its expectations are not PASS', async () => {
    const run = await runCase(happyPath, swallowing)

    expect(run.finished).toBe(false)
    expect(run.error?.kind).toBe('unhandled-request')
    expect(normaliseText(run.error?.message ?? '')).toMatchInlineSnapshot(
      `"the agent sent requests no twin handles: POST https://analytics.example.com/v1/events, dns dns://telemetry.example.com. Serve an http(s) host with a twin, allow the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve."`,
    )
    expect(run.refused?.map(({ method, url, client }) => ({ method, url, client }))).toEqual([
      { method: 'POST', url: 'https://analytics.example.com/v1/events', client: undefined },
      { method: undefined, url: 'dns://telemetry.example.com', client: 'dns' },
    ])
    const results = await evaluateCase(happyPath.document.expectations, run, {})
    expect(results.length).toBeGreaterThan(0)
    expect(results.map((result) => result.label)).not.toContain('PASS')
  })
})
