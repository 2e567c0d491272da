/**
 * The files `agenttwin init` writes: a twin, a scenario that runs against it
 * with a fault, and a tiny agent that passes it. Kept as text so the starter
 * reads like files a person wrote; a test proves they are valid and pass.
 */
import { AI_SDK_TEMPLATE } from './init-ai-sdk.ts'
import { CONVERSATION_AGENTS, CONVERSATION_SCENARIO } from './init-conversation.ts'

export const EXAMPLE_TWIN = `# yaml-language-server: $schema=../node_modules/agenttwin/schemas/twin.v1.json
# A starter twin: a tiny helpdesk. Data only; nothing in here is executed.
# Replace it with the tools your agent really calls.
apiVersion: agenttwin/twin.v1
metadata:
  name: example-helpdesk
  version: 1.0.0
  description: A helpdesk API whose tickets the agent reads and closes.
http:
  baseUrl: https://helpdesk.example.test

state:
  tickets:
    T-100:
      ticket_id: T-100
      subject: Cannot log in
      status: open
      close_count: 0

tools:
  - name: get_ticket
    description: Read one ticket.
    risk: READ
    http: { method: GET, path: /tickets/:ticket_id }
    input:
      type: object
      properties:
        ticket_id: { type: string }
      required: [ticket_id]
      additionalProperties: false
    handler:
      kind: read
      target: tickets.{ticket_id}
      notFound:
        status: 404
        body: { error: "No ticket {ticket_id}." }

  - name: close_ticket
    description: Close a ticket with a resolution note.
    risk: WRITE_REVERSIBLE
    # A retry with the same key gets the first answer back and changes nothing.
    idempotency: { argument: idempotency_key }
    # Closing the same ticket twice is the same effect, whatever the arguments.
    effectKey: "close:{ticket_id}"
    input:
      type: object
      properties:
        ticket_id: { type: string }
        resolution: { type: string, minLength: 1 }
        idempotency_key: { type: string, minLength: 8 }
      required: [ticket_id, resolution]
      additionalProperties: false
    handler:
      kind: mutate
      target: tickets.{ticket_id}
      notFound:
        status: 404
        body: { error: "No ticket {ticket_id}." }
      preconditions:
        - path: status
          equals: open
          error:
            status: 409
            body: { error: "Ticket {ticket_id} is already closed." }
      effects:
        - { op: set, path: status, value: closed }
        - { op: set, path: resolution, value: "{resolution}" }
        - { op: increment, path: close_count, by: 1 }
      response:
        status: 200
        body: { ticket_id: "{ticket_id}", status: closed }
`

export const EXAMPLE_SCENARIO = `# yaml-language-server: $schema=../node_modules/agenttwin/schemas/scenario.v1.json
# A starter scenario. The helpdesk closes the ticket, then times out before
# answering: the agent must find out what happened instead of guessing.
apiVersion: agenttwin/scenario.v1
id: example-close-ticket
version: 1.0.0
title: Close a ticket although the helpdesk times out after closing it
twin: ../twins/example.twin.yaml
seed: 1
input:
  ticket_id: T-100
  resolution: Password reset link sent.

# See every fault type with \`npx agenttwin faults\`.
faults:
  - id: close-commits-then-times-out
    tool: close_ticket
    when: { call: 1 }
    fault: timeout_after_mutation

# Judged by what the twin recorded, never by what the agent says it did.
expectations:
  - id: ticket-closed
    type: state
    path: tickets.T-100.status
    equals: closed
    critical: true
  - id: closed-once
    type: noDuplicateSideEffect
    tool: close_ticket
    critical: true
  - id: success-backed-by-state
    type: outcomeVerified
    path: tickets.T-100.status
    equals: closed
    critical: true
  - id: read-before-close
    type: callOrder
    before: get_ticket
    after: close_ticket
  - id: at-most-one-retry
    type: maxRetries
    tool: close_ticket
    max: 1
`

export const EXAMPLE_AGENTS = `/**
 * A tiny agent that calls its tools with fetch. Replace it with yours: any
 * object with { name, version, run(input, { baseUrl, signal }) } is an agent,
 * whatever framework is inside. Tool calls go to \`baseUrl\`, where the twin answers.
 */
import type { Agent, AgentResult, AgentToolCall } from 'agenttwin'

interface Ticket {
  ticket_id: string
  status: string
}

export const helpdeskAgent: Agent = {
  name: 'example-agent',
  version: '1.0.0',
  async run(input, { baseUrl, signal }): Promise<AgentResult> {
    const { ticket_id, resolution } = input as { ticket_id: string; resolution: string }
    const toolCalls: AgentToolCall[] = []

    async function getTicket(): Promise<Ticket | undefined> {
      const res = await fetch(\`\${baseUrl}/tickets/\${encodeURIComponent(ticket_id)}\`, { signal })
      toolCalls.push({ tool: 'get_ticket', args: { ticket_id }, status: res.status })
      return res.ok ? ((await res.json()) as Ticket) : undefined
    }

    async function closeTicket(): Promise<number | null> {
      // The same key on every attempt, so a retry can never close it twice.
      const args = { ticket_id, resolution, idempotency_key: \`close-\${ticket_id}\` }
      try {
        const res = await fetch(\`\${baseUrl}/tools/close_ticket\`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
          signal,
        })
        toolCalls.push({ tool: 'close_ticket', args, status: res.status })
        return res.status
      } catch {
        toolCalls.push({ tool: 'close_ticket', args, status: null })
        return null
      }
    }

    const ticket = await getTicket()
    if (!ticket) {
      return { reply: \`I could not find ticket \${ticket_id}.\`, outcome: 'FAILURE', toolCalls }
    }
    if (ticket.status === 'closed') {
      return { reply: \`Ticket \${ticket_id} was already closed.\`, outcome: 'SUCCESS', toolCalls }
    }
    let status = await closeTicket()
    if (status === null || status >= 500) {
      // No clear answer: the helpdesk may have closed it anyway. Look before retrying.
      const after = await getTicket()
      status = after?.status === 'closed' ? 200 : await closeTicket()
    }
    if (status === 200) {
      return {
        reply: \`Ticket \${ticket_id} is closed: \${resolution}\`,
        outcome: 'SUCCESS',
        toolCalls,
      }
    }
    return {
      reply: \`I could not close ticket \${ticket_id}; a colleague will follow up.\`,
      outcome: 'FAILURE',
      toolCalls,
    }
  },
}

/** The agents under test, keyed by version: what agentTwin({ agents }) and --agent read. */
export const agents = { v1: helpdeskAgent }
`

/** The config to add: printed, not written, since a project may have one already. */
export const VITEST_CONFIG_SNIPPET = `import { defineConfig } from 'vitest/config'
import { agentTwin } from 'agenttwin/vitest'
import { AgentTwinReporter } from 'agenttwin/reporter'

export default defineConfig({
  plugins: [
    agentTwin({
      scenarios: 'scenarios/*.scenario.yaml',
      agents: './agents.ts',
    }),
  ],
  test: {
    reporters: ['default', new AgentTwinReporter()],
  },
})`

/** One starter `agenttwin init --template` can write. */
export interface StarterTemplate {
  summary: string
  /** Every file it writes, by its path inside the target directory. */
  files: ReadonlyArray<{ path: string; text: string }>
  /** The scenario the printed next steps validate and run. */
  scenario: string
  /**
   * What to do next, for the directory as the user named it. Without it:
   * validate and run the scenario, and the vitest.config.ts to save.
   */
  next?: (shown: string) => string
}

/** The starters, by the name `--template` takes; `fetch` is the default. */
export const STARTER_TEMPLATES: Readonly<Record<string, StarterTemplate>> = {
  fetch: {
    summary: 'a fetch agent that closes a ticket while the helpdesk times out (default)',
    scenario: 'scenarios/example.scenario.yaml',
    files: [
      { path: 'twins/example.twin.yaml', text: EXAMPLE_TWIN },
      { path: 'scenarios/example.scenario.yaml', text: EXAMPLE_SCENARIO },
      { path: 'agents.ts', text: EXAMPLE_AGENTS },
    ],
  },
  conversation: {
    summary: 'a three-turn conversation: ask which ticket, confirm, then close it',
    scenario: 'scenarios/example-conversation.scenario.yaml',
    files: [
      { path: 'twins/example.twin.yaml', text: EXAMPLE_TWIN },
      { path: 'scenarios/example-conversation.scenario.yaml', text: CONVERSATION_SCENARIO },
      { path: 'agents.ts', text: CONVERSATION_AGENTS },
    ],
  },
  'ai-sdk': AI_SDK_TEMPLATE,
}

/** The files of the default starter, by their path inside the target directory. */
export const STARTER_FILES = STARTER_TEMPLATES.fetch!.files
