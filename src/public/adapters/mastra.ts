/**
 * `agenttwin/adapters/mastra`: a Mastra agent as it is, tested by AgentTwin.
 * Loads `@mastra/core` and `zod` (optional peers) when imported.
 *
 * @example
 * import { fromMastra, mastraTools } from 'agenttwin/adapters/mastra'
 * const support = new Agent({ name: 'support', instructions, model, tools: mastraTools(shop) })
 * export const agents = { v1: fromMastra(support, { version: 'v1' }) }
 */

export {
  fromMastra,
  type MastraAdapterOptions,
  type MastraTool,
  MissingPeerError,
  mastraTools,
  ToolNotWrappableError,
  twinnedMastraTools,
} from '../../adapters/mastra.ts'
