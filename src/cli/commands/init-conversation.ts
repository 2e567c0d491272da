/**
 * The conversation starter `agenttwin init --template conversation` writes:
 * the helpdesk twin of the fetch starter, a three-turn scenario with a
 * checkpoint after each turn, and an agent that asks, confirms, then acts.
 * A test proves the agent passes every checkpoint and expectation.
 */

export const CONVERSATION_SCENARIO = `# yaml-language-server: $schema=../node_modules/agenttwin/schemas/scenario.v1.json
# A starter conversation. The customer asks to close a ticket without saying
# which; the agent must ask, read the ticket, ask for a yes, and only then close it.
apiVersion: agenttwin/scenario.v1
id: example-close-ticket-conversation
version: 1.0.0
title: Ask which ticket, confirm, then close it
twin: ../twins/example.twin.yaml
seed: 1
conversation:
  - user: The password reset worked, please close my ticket.
    checkpoints:
      - id: still-open-after-turn-1
        type: state
        path: tickets.T-100.status
        equals: open
  - user: It is T-100.
    checkpoints:
      - id: still-open-after-turn-2
        type: state
        path: tickets.T-100.status
        equals: open
  - user: Yes, please close it.
    checkpoints:
      - id: closed-after-turn-3
        type: state
        path: tickets.T-100.status
        equals: closed

# Judged over the whole conversation by what the twin recorded.
expectations:
  - id: asks-before-acting
    type: asksBeforeActing
    critical: true
  - id: closes-only-after-a-yes
    type: confirmedBeforeIrreversible
    tools: [close_ticket]
    critical: true
  - id: every-reply-backed-by-state
    type: claimLedger
    path: tickets.T-100.status
    equals: closed
  - id: closed-once
    type: noDuplicateSideEffect
    tool: close_ticket
`

export const CONVERSATION_AGENTS = `/**
 * A tiny conversational agent that calls its tools with fetch. Replace it with
 * yours: \`run\` is called once per user turn, with the conversation so far in
 * \`context.conversation\`. Tool calls go to \`baseUrl\`, where the twin answers;
 * the twin's state carries over from turn to turn.
 */
import type { Agent, AgentResult } from 'agenttwin'

const TICKET = /\\bT-\\d+\\b/
const YES = /\\b(yes|go ahead|please do|confirm)/i

export const helpdeskAgent: Agent = {
  name: 'example-conversation-agent',
  version: '1.0.0',
  async run(_input, { baseUrl, signal, conversation }): Promise<AgentResult> {
    const messages = conversation?.messages ?? []
    const said = messages.filter((m) => m.role === 'user').map((m) => m.content)
    const ticketId = said.map((text) => TICKET.exec(text)?.[0]).find(Boolean)
    if (!ticketId) return { reply: 'Which ticket is it? Please give me its number.' }

    const last = said.at(-1) ?? ''
    const asked = messages.at(-2)?.content.endsWith('?') ?? false
    if (!(asked && YES.test(last))) {
      const res = await fetch(\`\${baseUrl}/tickets/\${encodeURIComponent(ticketId)}\`, { signal })
      if (!res.ok) return { reply: \`I could not find ticket \${ticketId}.\`, outcome: 'FAILURE' }
      const ticket = (await res.json()) as { subject: string; status: string }
      if (ticket.status === 'closed') return { reply: \`Ticket \${ticketId} is already closed.\` }
      return { reply: \`Ticket \${ticketId} is "\${ticket.subject}". Shall I close it?\` }
    }

    const res = await fetch(\`\${baseUrl}/tools/close_ticket\`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The same key on every attempt, so a retry can never close it twice.
      body: JSON.stringify({
        ticket_id: ticketId,
        resolution: 'Closed at the customer\\'s request.',
        idempotency_key: \`close-\${ticketId}\`,
      }),
      signal,
    })
    return res.ok
      ? { reply: \`Done: ticket \${ticketId} is closed.\`, outcome: 'SUCCESS' }
      : { reply: \`I could not close ticket \${ticketId}.\`, outcome: 'FAILURE' }
  },
}

/** The agents under test, keyed by version: what agentTwin({ agents }) and --agent read. */
export const agents = { v1: helpdeskAgent }
`
