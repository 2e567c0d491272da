/**
 * `agenttwin/adapters/langchain`: a LangChain.js agent (`createAgent`) or a
 * compiled LangGraph.js graph as it is, tested by AgentTwin. Loads
 * `@langchain/core` (an optional peer) when imported.
 *
 * @example
 * import { fromLangChain, langChainTools } from 'agenttwin/adapters/langchain'
 * const support = createAgent({ model, tools: langChainTools(shop), systemPrompt })
 * export const agents = { v1: fromLangChain(support, { name: 'support', version: 'v1' }) }
 */

export {
  fromLangChain,
  type LangChainAdapterOptions,
  langChainTools,
  type MessagesRunnable,
  MissingPeerError,
  ToolNotWrappableError,
  twinnedLangChainTools,
} from '../../adapters/langchain.ts'
