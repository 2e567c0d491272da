/** `agenttwin/reporter`: the paired-comparison reporter for Vitest. */
import { AgentTwinReporter } from './reporter.ts'

export { renderMarkdown, renderTerminal, renderTrajectory } from '../../report/index.ts'
export { type CollectedPair, collectPairs, compareCollected } from './collect.ts'
export { AgentTwinReporter, type AgentTwinReporterOptions } from './reporter.ts'
export default AgentTwinReporter
