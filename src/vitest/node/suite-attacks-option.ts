/**
 * The plugin's `attacks` option in the main process: each entry's attack
 * resolved against the project root and checked once (it exists, is valid,
 * every variable has a value), and per scenario file the entries whose
 * `scenarios` globs select it. The check against each scenario's twin runs
 * where the scenario is loaded (`attacksOfScenario`).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { createFilter as viteCreateFilter } from 'vite'
import type { JsonObject } from '../../core/json.ts'
import { resolveSuiteAttacks, type SuiteAttack } from '../../scenario/suite-attacks.ts'
import { attackFileOf } from '../../schema/scenario-attack-checks.ts'
import type { SuiteAttackOption } from '../shared/options.ts'
import { InvalidPluginOptionsError } from '../shared/plugin-options-error.ts'

/** The suite-wide attacks that apply to a scenario file. */
export type SuiteAttacksFor = (file: string) => SuiteAttack[]

/**
 * Resolves and checks the `attacks` option; the result picks the entries for a scenario file.
 * @throws InvalidPluginOptionsError listing every entry's problem (unknown id, missing file, invalid document, missing variable)
 */
export function resolveSuiteAttackOption(
  option: readonly SuiteAttackOption[] | undefined,
  root: string,
  // Vite's, passed in by the plugin's hook: this module is in the graph test files load.
  createFilter: typeof viteCreateFilter,
): SuiteAttacksFor {
  if (!option || option.length === 0) return () => []
  // A path is relative to the project root; a library id stays an id, so messages name it.
  const anchor = join(root, 'vitest.config')
  const entries = option.map((entry, index) => {
    const file = attackFileOf(entry.attack, anchor)
    const isPath = file === resolve(root, entry.attack)
    const attack: SuiteAttack = { option: index, attack: isPath ? file : entry.attack }
    if (entry.with) attack.with = entry.with as JsonObject
    const globs = [entry.scenarios ?? []].flat()
    const selects =
      globs.length === 0 ? () => true : createFilter(globs, undefined, { resolve: root })
    return { attack, selects }
  })
  // A missing file is named here, relative to the root; the shared check would say "to this scenario".
  const missing = option.flatMap((entry, index) => {
    const file = entries[index]!.attack.attack
    return file !== entry.attack && !existsSync(file)
      ? [
          {
            path: `attacks[${index}].attack`,
            message: `the attack file "${entry.attack}" does not exist (looked for ${file})`,
            fix: `write the path of the attack.v1 document relative to the project root (${root}), or a library attack id`,
          },
        ]
      : []
  })
  const present = entries.filter(
    (_, index) => !missing.some((m) => m.path === `attacks[${index}].attack`),
  )
  const { issues } = resolveSuiteAttacks(
    present.map((entry) => entry.attack),
    anchor,
  )
  const entryOf = (path: string) => Number(/^attacks\[(\d+)\]/.exec(path)?.[1] ?? -1)
  const problems = [...missing, ...issues].sort((a, b) => entryOf(a.path) - entryOf(b.path))
  if (problems.length > 0) throw new InvalidPluginOptionsError(problems)
  return (file) => entries.filter((entry) => entry.selects(file)).map((entry) => entry.attack)
}
