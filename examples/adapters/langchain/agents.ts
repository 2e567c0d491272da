/** The AgentTwin agents: your LangChain.js agent, one adapter call a version. */
import { fromLangChain } from '../../../src/public/adapters/langchain.ts'
import { PROMPTS } from '../shop-api.ts'
import { supportAgent } from './support-agent.ts'

export const agents = {
  'langchain-v1': fromLangChain(supportAgent(PROMPTS.v1), {
    name: 'langchain-support',
    version: 'langchain-v1',
  }),
  'langchain-v2': fromLangChain(supportAgent(PROMPTS.v2), {
    name: 'langchain-support',
    version: 'langchain-v2',
  }),
}
