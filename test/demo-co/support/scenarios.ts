import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type PinnedCase, pinSelection } from '../../../src/scenario/pin.ts'
import { loadScenarioSync } from '../../../src/schema/index.ts'

export const demoDir = fileURLToPath(new URL('../../../examples/demo-co/', import.meta.url))

/** The nine Demo Co scenarios, loaded (and so validated) and pinned once, keyed by scenario id. */
export function pinnedDemoScenarios(): Map<string, PinnedCase> {
  const dir = `${demoDir}scenarios/`
  const sources = readdirSync(dir)
    .filter((name) => name.endsWith('.scenario.yaml'))
    .map((name) => loadScenarioSync(`${dir}${name}`))
  return new Map(pinSelection(sources).cases.map((pinned) => [pinned.scenario.id, pinned]))
}
