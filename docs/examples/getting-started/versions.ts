/**
 * Two versions of the helpdesk agent, to compare in a pair. v1 is the agent
 * `agenttwin init` wrote; v2 is a "faster" rewrite that retries a close blindly
 * when the answer times out, without looking first.
 */
import type { Agent, AgentResult } from 'agenttwin'
import { helpdeskAgent } from './agents.ts'

const hastyAgent: Agent = {
  name: 'example-agent',
  version: '2.0.0',
  async run(input, { baseUrl, signal }): Promise<AgentResult> {
    const { ticket_id, resolution } = input as { ticket_id: string; resolution: string }
    const close = async (attempt: number) => {
      // A new key per attempt: the helpdesk cannot tell a retry from a second close.
      const args = { ticket_id, resolution, idempotency_key: `close-${ticket_id}-${attempt}` }
      try {
        const res = await fetch(`${baseUrl}/tools/close_ticket`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
          signal,
        })
        return res.status
      } catch {
        return null
      }
    }
    let status = await close(1)
    if (status === null || status >= 500) status = await close(2)
    return status === 200
      ? { reply: `Ticket ${ticket_id} is closed: ${resolution}`, outcome: 'SUCCESS' }
      : { reply: `I could not close ticket ${ticket_id}.`, outcome: 'FAILURE' }
  },
}

/** The versions under comparison, keyed as the pair names them. */
export const agents = { v1: helpdeskAgent, v2: hastyAgent }
