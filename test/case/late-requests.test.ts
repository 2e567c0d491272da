import { request as httpsRequest } from 'node:https'
import { fileURLToPath } from 'node:url'
import { request as undiciRequest } from 'undici'
import { describe, expect, test } from 'vitest'
import { runAndEvaluateCase } from '../../src/case/index.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import type { Agent } from '../../src/scenario/types.ts'
import { loadScenario } from '../../src/schema/index.ts'

// An agent that returns and only then sends a tool request (queued on a timer, never awaited):
// whichever client sends it, the case must name it as late and stay unfinished, never pass.
const scenarioFile = fileURLToPath(
  new URL('../../examples/demo-co/scenarios/refund-happy-path.scenario.yaml', import.meta.url),
)

type Send = (url: string, body: string) => void

const clients: Record<string, Send> = {
  fetch: (url, body) => {
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(
      () => {},
    )
  },
  // Queued from a timer the agent queued as it returned: the case waits a second timer turn.
  'fetch, one timer deeper': (url, body) => {
    setTimeout(() => clients.fetch!(url, body), 0)
  },
  'node:https': (url, body) => {
    const req = httpsRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    req.on('response', (res) => res.resume())
    req.on('error', () => {})
    req.end(body)
  },
  'undici.request': (url, body) => {
    undiciRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      .then((res) => res.body.dump())
      .catch(() => {})
  },
}

function lateAgent(client: string, send: Send): Agent {
  return {
    name: `late-${client}`,
    version: '1.0.0',
    async run(_input, { baseUrl }) {
      const body = JSON.stringify({ to: 'ana@example.test', subject: 'Refunded', body: 'Done.' })
      setTimeout(() => send(`${baseUrl}/tools/send_customer_email`, body), 0)
      return { reply: 'Done.', outcome: 'SUCCESS' }
    },
  }
}

describe.each(Object.entries(clients))(
  'a request sent with %s after the agent returned',
  (client, send) => {
    test('is named as late, leaves the case unfinished, and no expectation passes', async () => {
      const [pinned] = pinSelection([await loadScenario(scenarioFile)]).cases
      const { run, results } = await runAndEvaluateCase(pinned!, lateAgent(client, send))
      expect(run.error?.message).toMatch(
        /POST https:\/\/tools\.demo-co\.example\/tools\/send_customer_email.* was sent after case refund-happy-path ended: did the agent await it\?/,
      )
      expect(results.length).toBeGreaterThan(0)
      for (const result of results) expect(result.label, result.id).toBe('ERROR')
    }, 60_000)
  },
)
