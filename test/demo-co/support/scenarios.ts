import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse as parseYaml } from 'yaml'
import { type PinnedCase, pinSelection } from '../../../src/scenario/pin.ts'
import type { ScenarioDocument } from '../../../src/schema/scenario-document.ts'
import type { TwinDocument } from '../../../src/schema/twin-document.ts'

export const demoDir = fileURLToPath(new URL('../../../examples/demo-co/', import.meta.url))

function read<T>(file: string): T {
  return parseYaml(readFileSync(file, 'utf8')) as T
}

/** The nine Demo Co scenarios, pinned once, keyed by scenario id. */
export function pinnedDemoScenarios(): Map<string, PinnedCase> {
  const dir = `${demoDir}scenarios/`
  const sources = readdirSync(dir)
    .filter((name) => name.endsWith('.scenario.yaml'))
    .map((name) => {
      const file = `${dir}${name}`
      const document = read<ScenarioDocument>(file)
      const twin = read<TwinDocument>(fileURLToPath(new URL(document.twin, `file://${file}`)))
      return { file, document, twin }
    })
  return new Map(pinSelection(sources).cases.map((pinned) => [pinned.scenario.id, pinned]))
}
