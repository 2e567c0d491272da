/** `agenttwin/reporter`: the paired-comparison reporter for Vitest. */
import { AgentTwinReporter } from '../vitest/node/reporter/reporter.ts'

/* The reporter */
export {
  AgentTwinReporter,
  type AgentTwinReporterOptions,
} from '../vitest/node/reporter/reporter.ts'
export default AgentTwinReporter

/* Renderers of a comparison */
export { renderMarkdown, renderTerminal, renderTrajectory } from '../report/index.ts'
/* The pairs of a finished run, for a reporter of your own */
export {
  type CollectedPair,
  collectPairs,
  compareCollected,
} from '../vitest/node/reporter/collect.ts'
