/** `agenttwin/reporter`: the paired-comparison reporter for Vitest. */
import { AgentTwinReporter } from './reporter.ts'

export { type CollectedPair, collectPairs, compareCollected } from './collect.ts'
export { renderMarkdown, renderTerminal, renderTrajectory } from './render/index.ts'
export { AgentTwinReporter, type AgentTwinReporterOptions } from './reporter.ts'
export default AgentTwinReporter
