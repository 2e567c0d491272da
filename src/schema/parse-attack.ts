import { resolve } from 'node:path'
import { InvalidDocumentError } from '../core/errors.ts'
import { isJsonObject, type JsonValue } from '../core/json.ts'
import { faultTypeNames, getFaultType } from '../faults/catalog.ts'
import { checkFaultRule } from '../faults/check-rule.ts'
import type { AttackDocument } from './attack-document.ts'
import { variablesUsed } from './attack-template.ts'
import type { DocumentStore } from './document-store.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems } from './guards.ts'
import { checkDocument, finishInspection, type Inspection } from './inspect.ts'
import type { Issue } from './issue.ts'
import { readSource, readSourceSync } from './read-source.ts'

const INJECTION_FAULTS = faultTypeNames.filter((name) => getFaultType(name)?.injection)

/** Checks what the schema cannot: injection faults only, rule params, one kind per goal condition, declared variables. */
function attackIssues(value: Record<string, unknown>): Issue[] {
  const issues: Issue[] = []
  for (const [index, injection] of recordItems(value.injections)) {
    const at: FieldPath = ['injections', index]
    if (typeof injection.fault === 'string' && !getFaultType(injection.fault)?.injection) {
      issues.push({
        path: [...at, 'fault'],
        message: `"${injection.fault}" is not an injection fault`,
        fix: `use one of ${INJECTION_FAULTS.join(', ')}; other faults belong in a scenario's faults`,
      })
      continue
    }
    const tool = typeof injection.tool === 'string' ? injection.tool : ''
    const rule = { id: `injection-${index + 1}`, ...injection } as never
    const params = isJsonObject(injection.params) ? injection.params : {}
    for (const problem of checkFaultRule(rule, [tool])) {
      if (problem.path === 'tool' || problem.path === 'fault') continue
      // A param given by a variable is checked once the scenario fills it in.
      const param = problem.path.startsWith('params.') ? params[problem.path.slice(7)] : undefined
      if (typeof param === 'string' && param.includes('{{')) continue
      issues.push({
        path: [...at, ...problem.path.split('.')],
        message: problem.message,
        fix: problem.fix,
      })
    }
  }
  for (const [index, condition] of recordItems(value.achievedWhen)) {
    const kinds = ['call', 'state'].filter((key) => key in condition)
    if (kinds.length !== 1) {
      issues.push({
        path: ['achievedWhen', index],
        message:
          kinds.length === 0
            ? 'the condition gives neither call nor state'
            : 'the condition gives both call and state',
        fix: 'give exactly one: `call: { tool: ... }` or `state: { path: ..., equals: ... }`; list two conditions for both',
      })
    }
  }
  const declared = isJsonObject(value.variables) ? Object.keys(value.variables) : []
  const { variables: _, ...rest } = value
  for (const name of variablesUsed(rest as JsonValue)) {
    if (declared.includes(name)) continue
    issues.push({
      path: declared.length > 0 ? ['variables'] : [],
      at: 'key',
      message: `{{${name}}} is used but not declared`,
      fix: `declare it: \`variables: { ${name}: { description: ... } }\``,
    })
  }
  return issues
}

/**
 * Every problem of an `attack.v1` source, and the document when it has none. Never throws.
 * @example
 * const { document, problems } = inspectAttack(text, 'attacks/refund-note.attack.yaml')
 */
export function inspectAttack(source: string, file: string): Inspection<AttackDocument> {
  return finishInspection<AttackDocument>(checkDocument(source, file, 'attack', attackIssues))
}

/**
 * `inspectAttack` of an attack file as `store` read it: read, parsed and
 * checked once. The document is shared: callers must not change it.
 */
export function inspectAttackIn(store: DocumentStore, file: string): Inspection<AttackDocument> {
  return store.inspect(file, 'attack', (source, parse) =>
    finishInspection<AttackDocument>(
      checkDocument(source, resolve(file), 'attack', attackIssues, parse()),
    ),
  )
}

/**
 * Parses and validates an `attack.v1` document.
 * @throws InvalidDocumentError listing every problem at its file:line:col.
 * @example
 * const attack = parseAttack(readFileSync('my.attack.yaml', 'utf8'), 'my.attack.yaml')
 */
export function parseAttack(text: string, file: string): AttackDocument {
  const { document, problems } = inspectAttack(text, file)
  if (!document) throw new InvalidDocumentError(problems)
  return document
}

/** Reads, parses and validates an `attack.v1` file. */
export async function loadAttack(file: string): Promise<AttackDocument> {
  const path = resolve(file)
  const read = await readSource(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  return parseAttack(read.source, path)
}

/** `loadAttack` without blocking. */
export function loadAttackSync(file: string): AttackDocument {
  const path = resolve(file)
  const read = readSourceSync(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  return parseAttack(read.source, path)
}
