/**
 * `agenttwin/adapters/ai-sdk`: an AI SDK agent as it is, tested by AgentTwin.
 * Loads `ai` (an optional peer) when imported.
 *
 * @example
 * import { fromAiSdk, aiSdkTools } from 'agenttwin/adapters/ai-sdk'
 * export const agents = {
 *   v1: fromAiSdk({ model, system, tools: aiSdkTools(shop), stopWhen: stepCountIs(5) }, { name: 'support', version: 'v1' }),
 * }
 */

export {
  type AiSdkAdapterOptions,
  type AiSdkAgentLike,
  type AiSdkSettings,
  aiSdkTools,
  fromAiSdk,
  MissingPeerError,
  ToolNotWrappableError,
  twinnedAiSdkTools,
} from '../../adapters/ai-sdk.ts'
