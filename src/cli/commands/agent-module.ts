import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { AgentTwinError, partsOf } from '../../core/errors.ts'
import { endSentence } from '../../core/sentence.ts'
import { exportedVersions, resolveAgents } from '../../scenario/agents.ts'
import type { Agent } from '../../scenario/types.ts'
import { importUserModule } from './import-module.ts'

/** The `--agent` module could not be loaded or does not export what was asked. Code `AGENTTWIN_AGENT_MODULE_LOAD`. */
export class AgentModuleLoadError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_AGENT_MODULE_LOAD'

  constructor(message: string, options?: ErrorOptions) {
    super(partsOf(message, 'pass --agent <path to a module exporting your agents>.'), options)
  }
}

/** The agents a `--agent <module>[#export]` names, keyed by version. */
export interface LoadedAgents {
  /** The module as given, with its export: for messages. */
  spec: string
  agents: Map<string, Agent>
}

/**
 * Imports the `--agent` module (TypeScript works: it goes through Vite's module
 * runner) and reads its agents: the named export (`agents.ts#support`) or, without
 * one, `agents` / the default export. The export may be one agent or a record
 * of agents keyed by version.
 * @example
 * const { agents } = await loadAgentModule('examples/demo-co/agent/index.ts#agents', process.cwd())
 */
export async function loadAgentModule(spec: string, cwd: string): Promise<LoadedAgents> {
  const hash = spec.lastIndexOf('#')
  const path = hash === -1 ? spec : spec.slice(0, hash)
  const name = hash === -1 ? undefined : spec.slice(hash + 1)
  const file = isAbsolute(path) ? path : resolve(cwd, path)
  if (!existsSync(file)) {
    throw new AgentModuleLoadError(
      `the agent module ${file} does not exist. Fix: pass --agent <path to a module exporting your agents>, relative to ${cwd}.`,
    )
  }
  let module: Record<string, unknown>
  try {
    module = await importUserModule(file, cwd)
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    throw new AgentModuleLoadError(
      `importing the agent module ${file} failed: ${endSentence(reason)} Fix: make the module load on its own (import it from a test and run it with vitest).`,
      { cause: error },
    )
  }
  module = namespaceOf(module)
  if (name === undefined) return { spec, agents: resolveAgents(module, file) }
  if (!(name in module) || module[name] === undefined) {
    const names = Object.keys(module).filter((key) => module[key] !== undefined)
    throw new AgentModuleLoadError(
      `${path} has no export "${name}" (it exports ${names.map((key) => `"${key}"`).join(', ') || 'nothing'}). Fix: name one of them after #.`,
    )
  }
  return { spec, agents: resolveAgents({ agents: module[name] }, spec) }
}

/**
 * The module's own exports. A TypeScript module compiled to CommonJS (a
 * package without `"type": "module"`) arrives as `{ default: exports }` with
 * `exports.__esModule` set; its named exports live on that object.
 */
export function namespaceOf(module: Record<string, unknown>): Record<string, unknown> {
  const inner = module.default as Record<string, unknown> | undefined
  const compiled = typeof inner === 'object' && inner !== null && inner.__esModule === true
  return compiled && module.agents === undefined ? inner : module
}

/**
 * One agent of a loaded module: the version asked for, or the only one there
 * is. `option` names the flag in messages (`--version`, `--baseline`).
 */
export function pickAgent(
  loaded: LoadedAgents,
  version: string | undefined,
  option: string,
): Agent {
  const versions = exportedVersions(loaded.agents)
  const list = versions.map((v) => `"${v}"`).join(', ')
  if (version === undefined) {
    if (versions.length === 1) return loaded.agents.get(versions[0] as string) as Agent
    throw new AgentModuleLoadError(
      `${loaded.spec} exports ${versions.length} agents (${list}). Fix: choose one with ${option} <version>.`,
    )
  }
  const agent = loaded.agents.get(version)
  if (!agent) {
    throw new AgentModuleLoadError(
      `${loaded.spec} exports no agent version "${version}" (it exports ${list}). Fix: pass one of them to ${option}.`,
    )
  }
  return agent
}
