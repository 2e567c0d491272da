/** The AgentTwin agents: your OpenAI Agents SDK agent, one adapter call a version. */
import { fromOpenAIAgents } from '../../../src/public/adapters/openai-agents.ts'
import { PROMPTS } from '../shop-api.ts'
import { runner, supportAgent } from './support-agent.ts'

export const agents = {
  'openai-agents-v1': fromOpenAIAgents(supportAgent(PROMPTS.v1), {
    version: 'openai-agents-v1',
    runner,
    maxTurns: 6,
  }),
  'openai-agents-v2': fromOpenAIAgents(supportAgent(PROMPTS.v2), {
    version: 'openai-agents-v2',
    runner,
    maxTurns: 6,
  }),
}
