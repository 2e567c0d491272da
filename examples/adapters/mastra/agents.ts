/** The AgentTwin agents: your Mastra agent, one adapter call a version. */
import { fromMastra } from '../../../src/public/adapters/mastra.ts'
import { PROMPTS } from '../shop-api.ts'
import { supportAgent } from './support-agent.ts'

export const agents = {
  'mastra-v1': fromMastra(supportAgent(PROMPTS.v1), { version: 'mastra-v1', maxSteps: 6 }),
  'mastra-v2': fromMastra(supportAgent(PROMPTS.v2), { version: 'mastra-v2', maxSteps: 6 }),
}
