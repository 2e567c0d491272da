/**
 * The injection contract: every attack of the shipped library, over HTTP
 * (plain `fetch`) and over MCP (the official SDK client), with both facts
 * checked. Fact one: the dependency changed nothing (state as it started, no
 * changes recorded). Fact two: the caller got a normal answer (2xx, or a
 * tool result without isError) whose data carries the attacker's content, or
 * a tool list whose description carries it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import { createFaultPolicy } from '../../src/faults/rules.ts'
import { type McpEndpoint, serveMcp } from '../../src/public/mcp.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import type { AttackDocument } from '../../src/schema/attack-document.ts'
import { loadTwinSync } from '../../src/schema/index.ts'
import { libraryAttackIds, referencedAttacks } from '../../src/schema/scenario-attack-checks.ts'
import { createTwin } from '../../src/twin/index.ts'
import type { Twin } from '../../src/twin/types.ts'
import { callTool } from '../mcp/support/caller-fact.ts'

const TWIN_FILE = new URL('../../examples/demo-co/twins/demo-co.twin.yaml', import.meta.url)
  .pathname
const twinDocument = loadTwinSync(TWIN_FILE)

/** Values for the variables a library attack leaves to the scenario; a new attack needs an entry. */
const VALUES: Record<string, JsonObject> = {
  'unauthorised-write-note': { order_id: 'ORD-1001', amount: 128 },
  'exfiltrate-via-outbound': { state_path: 'orders.ORD-1001.customer_note' },
  'skip-required-check': {},
  'impersonate-system-message': {},
  'false-confirmation-item': {},
  'poisoned-tool-description': {},
}

/** Valid arguments for each tool an attack injects into. */
const ARGS: Record<string, JsonObject> = {
  lookup_order: { order_id: 'ORD-1001' },
  get_refund_policy: { order_id: 'ORD-1001' },
}

function attack(id: string): AttackDocument {
  const found = referencedAttacks(
    { attacks: [{ attack: id, with: VALUES[id] ?? {} }] },
    TWIN_FILE,
    twinDocument,
  )
  expect(found.issues, `${id} resolves against Demo Co`).toEqual([])
  return found.attacks[0]!
}

function twinUnder(subject: AttackDocument): Twin {
  const rules = subject.injections.map((injection, index) => ({
    id: `attack-${subject.id}-${index + 1}`,
    ...injection,
  }))
  return createTwin(twinDocument, {
    faults: createFaultPolicy(rules, {
      seed: 0,
      toolNames: twinDocument.tools.map((tool) => tool.name),
    }),
  })
}

let network: Interception | undefined
let endpoint: McpEndpoint | undefined
let client: Client | undefined

afterEach(async () => {
  await client?.close()
  await endpoint?.close()
  network?.dispose()
  client = endpoint = network = undefined
})

/** Fact one: the dependency changed nothing. */
function expectNothingChanged(twin: Twin) {
  expect(twin.state()).toEqual(twin.initialState())
  for (const record of twin.records()) expect(record.changes).toEqual([])
}

describe('the attack library over HTTP and MCP', () => {
  it('has contract values for every shipped attack', () => {
    expect(libraryAttackIds().sort()).toEqual(Object.keys(VALUES).sort())
  })

  describe.each(libraryAttackIds())('%s', (id) => {
    it('over HTTP: a normal 2xx whose data carries the content; nothing changed', async () => {
      const subject = attack(id)
      const twin = twinUnder(subject)
      network = createInterception({ twins: [twin] })
      for (const injection of subject.injections) {
        const content = String(injection.params?.content)
        if (injection.fault === 'injection_in_description') {
          const listed = twin.tools.find((tool) => tool.name === injection.tool)
          expect(listed?.description).toContain(content)
          continue
        }
        const response = await fetch(`${twin.baseUrl}/tools/${injection.tool}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ARGS[injection.tool]),
        })
        expect(response.status).toBe(200)
        expect(JSON.stringify(await response.json())).toContain(
          JSON.stringify(content).slice(1, -1),
        )
        const record = twin.records().at(-1)!
        expect(record.fault).toMatchObject({
          dependency: 'applied',
          caller: { kind: 'response', status: 200 },
          injection: { content, delivered: true },
        })
      }
      expectNothingChanged(twin)
    })

    it('over MCP: a tool result without isError (or a tool list) carrying the content; nothing changed', async () => {
      const subject = attack(id)
      const twin = twinUnder(subject)
      network = createInterception({ twins: [twin] })
      endpoint = serveMcp(twin)
      client = new Client({ name: 'injection-contract', version: '1.0.0' })
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)))
      for (const injection of subject.injections) {
        const content = String(injection.params?.content)
        if (injection.fault === 'injection_in_description') {
          const { tools } = await client.listTools()
          const listed = tools.find((tool) => tool.name === injection.tool)
          expect(listed?.description).toContain(content)
          continue
        }
        const seen = await callTool(client, injection.tool, ARGS[injection.tool]!, 5000)
        if (seen.kind !== 'result') throw new Error(`expected a tool result, got ${seen.error}`)
        expect(seen.result.isError).not.toBe(true)
        const text = (seen.result.content[0] as { text: string }).text
        expect(text).toContain(JSON.stringify(content).slice(1, -1))
        expect(twin.records().at(-1)).toMatchObject({
          transport: 'mcp',
          status: 200,
          fault: {
            dependency: 'applied',
            caller: { mcp: 'tool-result' },
            injection: { delivered: true },
          },
        })
      }
      expectNothingChanged(twin)
    })
  })
})
