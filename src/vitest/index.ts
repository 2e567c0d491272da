/**
 * `agenttwin/vitest`: the Vitest plugin, fixtures and matchers.
 */
export type { AgentTwinTaskMeta, ExpectationTaskMeta, PairCaseTaskMeta } from './meta.ts'
export type { AgentTwinOptions, PairOption } from './options.ts'
export { agentTwin } from './plugin.ts'
