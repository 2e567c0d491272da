import { AgentTwinError } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'
import type { Agent } from './types.ts'

/** The agents module does not export agents in a shape AgentTwin understands. */
export class AgentModuleError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_AGENT_MODULE'

  constructor(file: string, problem: string) {
    const fix =
      'Export `agents` (a record of version → { name, version, run }) or a default export of that shape, or a single agent as default export.'
    super({
      problem: `${file}: ${endSentence(problem)}`,
      fix,
      message: `${file}: ${endSentence(problem)} ${fix}`,
    })
  }
}

/** A version a scenario or pair asks for is not exported by the agents module. */
export class UnknownAgentVersionError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNKNOWN_AGENT_VERSION'

  constructor(file: string, version: string, known: readonly string[]) {
    super({
      problem: `${file} exports no agent version "${version}" (it exports ${known.map((v) => `"${v}"`).join(', ') || 'none'}).`,
      fix: 'correct the version in the agentTwin() options or export that agent.',
    })
  }
}

function isAgent(value: unknown): value is Agent {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Agent>
  return (
    typeof candidate.run === 'function' &&
    typeof candidate.name === 'string' &&
    typeof candidate.version === 'string'
  )
}

/**
 * Reads the agents a module exports, keyed by version: `export const agents = {...}`,
 * `export default {...}` of that shape, or `export default agent`.
 */
export function resolveAgents(module: Record<string, unknown>, file: string): Map<string, Agent> {
  const source = module.agents ?? module.default
  const agents = new Map<string, Agent>()
  if (isAgent(source)) {
    agents.set(source.version, source)
    return agents
  }
  if (typeof source !== 'object' || source === null) {
    throw new AgentModuleError(file, 'found no `agents` export and no default export')
  }
  for (const [key, value] of Object.entries(source)) {
    if (!isAgent(value)) {
      throw new AgentModuleError(
        file,
        `agents["${key}"] is not an agent with name, version and run()`,
      )
    }
    // Versions are found by the record's key (`v1.2.4`) and by the agent's own version (`1.2.4`).
    agents.set(key, value)
    if (!agents.has(value.version)) agents.set(value.version, value)
  }
  if (agents.size === 0) throw new AgentModuleError(file, 'the agents record is empty')
  return agents
}

/** Picks one version or explains which exist. */
export function agentVersion(agents: Map<string, Agent>, version: string, file: string): Agent {
  const agent = agents.get(version)
  if (!agent) throw new UnknownAgentVersionError(file, version, exportedVersions(agents))
  return agent
}

/** The versions as the module names them (record keys), without the aliases. */
export function exportedVersions(agents: Map<string, Agent>): string[] {
  const seen = new Set<Agent>()
  const names: string[] = []
  for (const [name, agent] of agents) {
    if (seen.has(agent)) continue
    seen.add(agent)
    names.push(name)
  }
  return names
}
