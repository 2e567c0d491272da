/**
 * Attacks a whole suite runs under (the plugin's `attacks` option): resolved
 * against each scenario's twin with the same check as a scenario's own
 * `attacks:` entries, so a suite-wide attack is held to exactly the rules a
 * scenario's is. A scenario that names its own `attacks:` (even an empty
 * list) runs those instead: its own list takes precedence.
 */
import { InvalidDocumentError } from '../core/errors.ts'
import type { JsonObject } from '../core/json.ts'
import type { AttackDocument } from '../schema/attack-document.ts'
import { formatFieldPath } from '../schema/field-path.ts'
import { referencedAttacks } from '../schema/scenario-attack-checks.ts'
import type { ScenarioDocument } from '../schema/scenario-document.ts'
import type { TwinDocument } from '../schema/twin-document.ts'

/** One suite-wide attack as the workers receive it: which option entry, and the attack with its values. */
export interface SuiteAttack {
  /** Its index in the plugin's `attacks` option, for messages (`attacks[1]`). */
  option: number
  /** A library attack id, or the absolute path of an attack.v1 file. */
  attack: string
  with?: JsonObject
}

/** What the option's check found: the problems of an entry, by option path. */
export interface SuiteAttackIssue {
  /** `attacks[1]`, `attacks[1].with.amount`. */
  path: string
  message: string
  fix: string
}

/**
 * Resolves suite-wide attacks with the scenario attacks' own check; `twin`
 * absent checks what holds for any scenario (the attack exists, is valid,
 * every variable has a value).
 * @example
 * resolveSuiteAttacks([{ option: 0, attack: 'skip-required-check' }], twin).attacks[0].id // 'skip-required-check'
 */
export function resolveSuiteAttacks(
  entries: readonly SuiteAttack[],
  file: string,
  twin?: TwinDocument,
): { attacks: AttackDocument[]; issues: SuiteAttackIssue[] } {
  const scenario = {
    attacks: entries.map((entry) => ({
      attack: entry.attack,
      ...(entry.with && { with: entry.with }),
    })),
  }
  const found = referencedAttacks(scenario, file, twin)
  const issues = found.issues.map((issue): SuiteAttackIssue => {
    const [, index, ...rest] = issue.path
    const option = entries[index as number]?.option ?? 0
    const tail = rest.length > 0 ? `.${formatFieldPath(rest)}` : ''
    return { path: `attacks[${option}]${tail}`, message: issue.message, fix: issue.fix }
  })
  // An invalid attack document has its problems at its own lines.
  for (const problem of found.problems) {
    issues.push({
      path: 'attacks',
      message: `${problem.file}:${problem.line}:${problem.column} ${problem.path ? `${problem.path}: ` : ''}${problem.message}`,
      fix: problem.fix,
    })
  }
  return { attacks: found.attacks, issues }
}

/**
 * The attacks a scenario runs under: its own `attacks:` when it names any
 * (they take precedence), else the suite-wide ones the plugin chose for its
 * file. A suite-wide attack the scenario's twin cannot take (a tool it does
 * not have, a bad injection path) is an error located at the scenario.
 * @throws InvalidDocumentError naming the option entry and the fix
 */
export function attacksOfScenario(input: {
  document: ScenarioDocument
  twin: TwinDocument
  /** The scenario's own attacks, resolved by the loader. */
  own: AttackDocument[]
  suite: readonly SuiteAttack[] | undefined
  file: string
  at: { line: number; column: number }
}): AttackDocument[] {
  if (input.document.attacks !== undefined || !input.suite || input.suite.length === 0)
    return input.own
  const { attacks, issues } = resolveSuiteAttacks(input.suite, input.file, input.twin)
  if (issues.length === 0) return attacks
  throw new InvalidDocumentError(
    issues.map((issue) => ({
      file: input.file,
      ...input.at,
      path: 'id',
      message: `the suite-wide attack agentTwin({ ${issue.path} }) cannot run on scenario "${input.document.id}": ${issue.message}`,
      fix: `${issue.fix}; or narrow the attack's \`scenarios\` globs, or give this scenario its own \`attacks:\` (an empty list runs it under none)`,
    })),
  )
}
