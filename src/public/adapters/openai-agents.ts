/**
 * `agenttwin/adapters/openai-agents`: an OpenAI Agents SDK agent as it is,
 * tested by AgentTwin. Loads `@openai/agents` (an optional peer) when imported.
 *
 * @example
 * import { fromOpenAIAgents, openAIAgentsTools } from 'agenttwin/adapters/openai-agents'
 * const support = new Agent({ name: 'support', instructions, tools: openAIAgentsTools(shop) })
 * export const agents = { v1: fromOpenAIAgents(support, { version: 'v1' }) }
 */

export {
  fromOpenAIAgents,
  MissingPeerError,
  type OpenAIAgentsAdapterOptions,
  openAIAgentsTools,
  ToolNotWrappableError,
  twinnedOpenAIAgentsTools,
} from '../../adapters/openai-agents.ts'
