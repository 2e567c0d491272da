/**
 * The attacks a scenario names (`attacks:`), resolved before any agent runs:
 * a library id or a file, valid (its problems at its own file:line:col), every
 * variable given, every tool a tool of the scenario's twin.
 */
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { DocumentProblem } from '../core/errors.ts'
import { isJsonObject, type JsonObject } from '../core/json.ts'
import { ownRoot } from '../core/own-files.ts'
import { checkFaultRule } from '../faults/check-rule.ts'
import type { AttackDocument } from './attack-document.ts'
import { fillVariables } from './attack-template.ts'
import { DocumentStore } from './document-store.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems } from './guards.ts'
import type { Issue } from './issue.ts'
import { inspectAttackIn } from './parse-attack.ts'
import { didYouMean, listWords } from './suggest.ts'
import type { TwinDocument } from './twin-document.ts'

const ATTACK_SUFFIX = '.attack.yaml'

/** The folder of the attacks AgentTwin ships (`attacks/` in the package). */
export function attackLibraryDir(): string {
  return join(ownRoot(), 'attacks')
}

/** The ids of the shipped attacks, sorted. */
export function libraryAttackIds(): string[] {
  const dir = attackLibraryDir()
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith(ATTACK_SUFFIX))
    .map((name) => name.slice(0, -ATTACK_SUFFIX.length))
    .sort()
}

/** Where an attack reference points: a library attack by id, or a file relative to the scenario. */
export function attackFileOf(reference: string, scenarioFile: string): string {
  const isPath = /[\\/]/.test(reference) || /\.(ya?ml|json)$/.test(reference)
  return isPath
    ? resolve(dirname(scenarioFile), reference)
    : join(attackLibraryDir(), `${reference}${ATTACK_SUFFIX}`)
}

/** What the attacks a scenario names add: the attacks with their variables filled, issues and problems. */
export interface AttackFindings {
  attacks: AttackDocument[]
  issues: Issue[]
  problems: DocumentProblem[]
}

/**
 * Resolves every attack a scenario names.
 * @example
 * const { attacks, issues } = referencedAttacks(scenario, 'refund.scenario.yaml', twin)
 */
export function referencedAttacks(
  scenario: Record<string, unknown>,
  file: string,
  twin: TwinDocument | undefined,
  store: DocumentStore = new DocumentStore(),
): AttackFindings {
  const findings: AttackFindings = { attacks: [], issues: [], problems: [] }
  const seen = new Set<string>()
  for (const [index, entry] of recordItems(scenario.attacks)) {
    if (typeof entry.attack !== 'string' || entry.attack === '') continue
    const at: FieldPath = ['attacks', index]
    const attackFile = attackFileOf(entry.attack, file)
    if (!existsSync(attackFile)) {
      findings.issues.push(missingAttack(entry.attack, attackFile, at))
      continue
    }
    const inspection = inspectAttackIn(store, attackFile)
    if (!inspection.document) {
      findings.problems.push(...inspection.problems)
      findings.issues.push({
        path: [...at, 'attack'],
        message: `the attack "${entry.attack}" is invalid (${inspection.problems.length} problem(s), reported at its own lines)`,
        fix: 'fix the attack document; the scenario cannot run under it until then',
      })
      continue
    }
    const filled = fill(
      inspection.document,
      isJsonObject(entry.with) ? (entry.with as JsonObject) : {},
      at,
    )
    if ('issues' in filled) {
      findings.issues.push(...filled.issues)
      continue
    }
    if (seen.has(filled.attack.id)) {
      findings.issues.push({
        path: [...at, 'attack'],
        message: `the attack "${filled.attack.id}" is named twice`,
        fix: 'name each attack once; run one attack with other values from another scenario',
      })
      continue
    }
    seen.add(filled.attack.id)
    const tools = twin ? twin.tools.map((tool) => tool.name) : undefined
    const unknown = tools ? toolsOf(filled.attack).filter((tool) => !tools.includes(tool)) : []
    if (unknown.length > 0) {
      findings.issues.push({
        path: [...at, 'attack'],
        message: `the attack "${filled.attack.id}" names ${listWords(unknown)}, not a tool of twin \`${twin!.metadata.name}\``,
        fix: `give the attack's tool variables values from the twin's tools (${listWords(tools!)}) in \`with\`${didYouMean(unknown[0]!, tools!)}`,
      })
      continue
    }
    const ruleIssues = filled.attack.injections.flatMap((injection, n) =>
      checkFaultRule(
        { id: `attack-${filled.attack.id}-${n + 1}`, ...injection },
        tools ?? [injection.tool],
      ).map(
        (problem): Issue => ({
          path: [...at, 'attack'],
          message: `the attack "${filled.attack.id}", injection ${n + 1}, with these values: ${problem.path} ${problem.message}`,
          fix: problem.fix,
        }),
      ),
    )
    if (ruleIssues.length > 0) {
      findings.issues.push(...ruleIssues)
      continue
    }
    findings.attacks.push(filled.attack)
  }
  return findings
}

function missingAttack(reference: string, attackFile: string, at: FieldPath): Issue {
  if (attackFile !== join(attackLibraryDir(), `${reference}${ATTACK_SUFFIX}`)) {
    return {
      path: [...at, 'attack'],
      message: `the attack file "${reference}" does not exist (looked for ${attackFile})`,
      fix: 'write the path of the attack.v1 document relative to this scenario file',
    }
  }
  const ids = libraryAttackIds()
  return {
    path: [...at, 'attack'],
    message: `no library attack has the id "${reference}"`,
    fix: `use one of ${listWords(ids)}${didYouMean(reference, ids)}, or the path of your own attack.v1 file`,
  }
}

function fill(
  attack: AttackDocument,
  given: JsonObject,
  at: FieldPath,
): { attack: AttackDocument } | { issues: Issue[] } {
  const declared = attack.variables ?? {}
  const issues: Issue[] = []
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(declared, name)) {
      issues.push({
        path: [...at, 'with', name],
        at: 'key',
        message: `the attack "${attack.id}" has no variable "${name}"`,
        fix: `its variables: ${listWords(Object.keys(declared))}${didYouMean(name, Object.keys(declared))}`,
      })
    }
  }
  const values: JsonObject = {}
  for (const [name, variable] of Object.entries(declared)) {
    const value = Object.hasOwn(given, name) ? given[name] : variable.default
    if (value === undefined) {
      issues.push({
        path: [...at],
        at: 'key',
        message: `the attack "${attack.id}" needs a value for {{${name}}} (${variable.description})`,
        fix: `add \`with: { ${name}: ... }\``,
      })
      continue
    }
    values[name] = value
  }
  if (issues.length > 0) return { issues }
  // A default may use other variables (a note that names the amount): one pass fills those.
  const filledValues = fillVariables(values, values)
  const { variables: _, ...template } = attack
  return {
    attack: fillVariables(
      template as unknown as JsonObject,
      filledValues,
    ) as unknown as AttackDocument,
  }
}

/** Every tool an attack names: where it injects and what its goal checks. */
export function toolsOf(attack: AttackDocument): string[] {
  const names = attack.injections.map((injection) => injection.tool)
  for (const condition of attack.achievedWhen) {
    if (condition.call) names.push(condition.call.tool)
    if (condition.call?.without) names.push(condition.call.without)
  }
  return [...new Set(names)]
}
