import type { Vitest } from 'vitest/node'
import type { AgentTwinOptions } from '../shared/options.ts'
import { AgentTwinReporter } from './reporter/reporter.ts'

const MODULE_NAMES = ['agenttwin/reporter', 'agenttwin/vitest/reporter']

function listed(entry: unknown): boolean {
  if (entry instanceof AgentTwinReporter) return true
  // An instance from another copy of the module still carries the class name.
  if (entry && typeof entry === 'object' && entry.constructor?.name === 'AgentTwinReporter')
    return true
  const name = Array.isArray(entry) ? entry[0] : entry
  return typeof name === 'string' && MODULE_NAMES.includes(name)
}

/**
 * Adds the AgentTwin reporter to the run's reporters, after Vitest resolved them
 * from the config and the command line, unless the user listed one or turned it off.
 */
export function bringReporter(vitest: Vitest, option: AgentTwinOptions['reporter']): void {
  if (option === false) return
  const reporters = vitest.config.reporters as unknown[]
  if (reporters.some(listed)) return
  reporters.push(new AgentTwinReporter(option === true || option === undefined ? {} : option))
}
