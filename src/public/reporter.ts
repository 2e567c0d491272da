// biome-ignore-all assist/source/organizeImports: the entry's exports are grouped by what a user looks for.
/** `agenttwin/reporter`: the paired-comparison reporter for Vitest. */
import { AgentTwinReporter } from '../vitest/node/reporter/reporter.ts'

/* The reporter */
export { AgentTwinReporter } from '../vitest/node/reporter/reporter.ts'
export type { AgentTwinReporterOptions } from '../vitest/shared/options.ts'
export default AgentTwinReporter

/* Renderers of a comparison */
export { renderMarkdown, renderTerminal, renderTrajectory } from '../report/index.ts'

/* The pairs of a finished run, for a reporter of your own */
export {
  type CollectedPair,
  collectPairs,
  compareCollected,
} from '../vitest/node/reporter/collect.ts'
