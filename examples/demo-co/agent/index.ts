/**
 * The Demo Co support refund agent: a scripted planner (no language model)
 * that enacts the instruction lines of a manifest, calling its tools over HTTP.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Agent } from '../../../src/scenario/types.ts'
import { toAgentResult } from './adapter.ts'
import { handleConversationTurn } from './conversation.ts'
import { type Manifest, parseManifest } from './manifest.ts'
import { type AgentPlan, planFromManifest } from './plan.ts'
import { handleSupportRequest } from './service.ts'

export { toAgentResult } from './adapter.ts'
export type { Manifest } from './manifest.ts'
export { parseManifest } from './manifest.ts'
export type { AgentPlan } from './plan.ts'
export { planFromManifest } from './plan.ts'
export type { SupportResponse } from './service.ts'
export { handleSupportRequest } from './service.ts'

/** An `Agent` built from a manifest, with what the planner made of it. */
export interface DemoAgent extends Agent {
  manifest: Manifest
  plan: AgentPlan
}

export interface DemoAgentOptions {
  /** Named in warnings and errors; default `<manifest>`. */
  file?: string
  /** How long one tool call may take before the agent treats it as timed out. Default 5000. */
  toolTimeoutMs?: number
}

/**
 * Builds the support agent from a manifest's text. Tests can feed a modified
 * manifest to see how the behaviour follows the lines.
 *
 * @example
 * const agent = createAgent(readFileSync('manifests/v1.2.4.md', 'utf8'))
 * const result = await agent.run({ message: 'Where is my order ORD-1002?' }, { baseUrl, signal })
 */
export function createAgent(manifestText: string, options: DemoAgentOptions = {}): DemoAgent {
  const manifest = parseManifest(manifestText, options.file)
  const plan = planFromManifest(manifest)
  const toolTimeoutMs = options.toolTimeoutMs ?? 5000
  const identity = { name: manifest.name, version: manifest.version, plan }
  return {
    name: manifest.name,
    version: manifest.version,
    manifest,
    plan,
    async run(input, context) {
      const service = {
        toolsBaseUrl: context.baseUrl,
        signal: context.signal,
        toolTimeoutMs,
        // A scenario with `transport: mcp` hands the agent an MCP endpoint: its tools become MCP tools.
        ...(context.mcpUrl !== undefined && { mcpUrl: context.mcpUrl }),
      }
      // Past the first turn the earlier messages count; a one-turn case is handled as always.
      const response =
        context.conversation && context.conversation.turn > 1
          ? await handleConversationTurn(identity, input, context.conversation, service)
          : await handleSupportRequest(identity, input, service)
      return toAgentResult(response)
    },
  }
}

/** Where the shipped manifests live. */
export const manifestsDir = fileURLToPath(new URL('../manifests/', import.meta.url))

function loadShippedAgents(): Record<string, DemoAgent> {
  const agents: Record<string, DemoAgent> = {}
  for (const name of readdirSync(manifestsDir)
    .filter((file) => file.endsWith('.md'))
    .sort()) {
    const file = `${manifestsDir}${name}`
    const agent = createAgent(readFileSync(file, 'utf8'), { file: `manifests/${name}` })
    agents[`v${agent.version}`] = agent
  }
  return agents
}

/**
 * One agent per shipped manifest, keyed by `v<version>`: `agents['v1.2.4']`,
 * `agents['v1.3.0']`, `agents['v1.3.1']`.
 */
export const agents: Readonly<Record<string, DemoAgent>> = loadShippedAgents()
