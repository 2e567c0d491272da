/** The AgentTwin agents: your AI SDK agent, one adapter call a version. */
import { fromAiSdk } from '../../../src/public/adapters/ai-sdk.ts'
import { PROMPTS } from '../shop-api.ts'
import { supportAgent } from './support-agent.ts'

export const agents = {
  'ai-sdk-v1': fromAiSdk(supportAgent(PROMPTS.v1), {
    name: 'ai-sdk-support',
    version: 'ai-sdk-v1',
  }),
  'ai-sdk-v2': fromAiSdk(supportAgent(PROMPTS.v2), {
    name: 'ai-sdk-support',
    version: 'ai-sdk-v2',
  }),
}
