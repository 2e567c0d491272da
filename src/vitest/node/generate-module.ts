import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { SuiteAttack } from '../../scenario/suite-attacks.ts'
import { attackFileOf } from '../../schema/scenario-attack-checks.ts'
import type { PreparedScenario } from '../shared/prepared-scenario.ts'

/** The import a scenario module starts with to offer its checked twin (see `twinOfferModule`). */
export const TWIN_OFFER_PREFIX = 'agenttwin:checked-twin:'

/** A twin the main process checked: its absolute path and the digest of the bytes checked. */
export interface CheckedTwinFile {
  file: string
  digest: string
}

export interface GenerateInput {
  /** Absolute path of the scenario document. */
  file: string
  /** The scenario as the main process loaded it, when valid; else the worker loads it and reports. */
  prepared?: PreparedScenario
  /** Absolute path of the module that exports the agents. */
  agentsFile: string
  /** Absolute path of the runtime module. */
  runtimeFile: string
  /** Documents the scenario names (its twin, contracts), imported for their module graph edge only. */
  documents: readonly string[]
  /** The suite-wide attacks (plugin option `attacks`) whose globs select this scenario. */
  suiteAttacks?: readonly SuiteAttack[]
  /** The prepared scenario's twin, offered to the agents module before it runs. */
  twin?: CheckedTwinFile
}

/**
 * The test module a scenario document becomes. Its imports are real module
 * graph edges: the agents module, and the documents the scenario names (its
 * twin, its contracts), so watch mode and `vitest --changed` rerun a scenario
 * when one of them or its agent changes. A valid scenario comes with its
 * documents as loaded here; the worker uses them only if every file still
 * has the digest it had, so a changed twin is never stale. The plugin's
 * options are not in it: they reach the worker through `inject`
 * (`shared/provided.ts`), the same for every test file.
 */
export function generateScenarioModule(input: GenerateInput): string {
  const lines = [
    // First: the agents module, imported next, may load the same twin to wrap its own tools.
    ...(input.twin ? [`import ${JSON.stringify(twinOfferId(input.twin))}`] : []),
    `import { defineScenarioSuite } from ${JSON.stringify(input.runtimeFile)}`,
    `import * as agentModule from ${JSON.stringify(input.agentsFile)}`,
    ...input.documents.map((file) => `import ${JSON.stringify(file)}`),
  ]
  lines.push(
    'defineScenarioSuite({',
    `  file: ${JSON.stringify(input.file)},`,
    `  agentsFile: ${JSON.stringify(input.agentsFile)},`,
    '  agentModule,',
    ...(input.suiteAttacks && input.suiteAttacks.length > 0
      ? [`  suiteAttacks: ${JSON.stringify(input.suiteAttacks)},`]
      : []),
    // JSON.parse of a string literal is quicker for V8 than an object literal this size.
    ...(input.prepared
      ? [`  prepared: JSON.parse(${JSON.stringify(JSON.stringify(input.prepared))}),`]
      : []),
    '})',
    '',
  )
  return lines.join('\n')
}

/** The id of the module that offers `twin` (one per twin and content, shared by the scenarios naming it). */
export function twinOfferId(twin: CheckedTwinFile): string {
  return `${TWIN_OFFER_PREFIX}${twin.digest}:${twin.file}`
}

/** The twin an offer module's id names, or `undefined` for any other id. */
export function offeredTwinFile(id: string): CheckedTwinFile | undefined {
  const rest = id.startsWith(`\0${TWIN_OFFER_PREFIX}`) ? id.slice(TWIN_OFFER_PREFIX.length + 1) : ''
  const colon = rest.indexOf(':')
  return colon > 0 ? { digest: rest.slice(0, colon), file: rest.slice(colon + 1) } : undefined
}

/**
 * The module that offers a twin the main process checked (`document`) to the
 * test file's agents module: `loadTwinSync` of that file, while its bytes are
 * the ones checked, is then a copy of it rather than a second parse and check.
 */
export function twinOfferModule(
  twin: CheckedTwinFile,
  document: object,
  runtimeFile: string,
): string {
  return [
    `import { offerCheckedTwin } from ${JSON.stringify(runtimeFile)}`,
    `offerCheckedTwin(${JSON.stringify(twin.file)}, ${JSON.stringify(twin.digest)}, JSON.parse(${JSON.stringify(JSON.stringify(document))}))`,
    '',
  ].join('\n')
}

/**
 * The documents a scenario names (twin, contracts, attacks), as absolute
 * paths, read from its document as loaded or parsed (`value`); nothing for a
 * file that did not parse (`undefined`), whose problems the loader reports.
 */
export function referencedDocuments(
  file: string,
  value: unknown,
  suiteAttacks: readonly SuiteAttack[] = [],
): string[] {
  if (value === undefined) return []
  const document = value as {
    twin?: unknown
    expectations?: unknown
    attacks?: unknown
  }
  const names: unknown[] = [document?.twin]
  if (Array.isArray(document?.expectations)) {
    for (const expectation of document.expectations) names.push(expectation?.contract)
  }
  const files = names
    .filter((name): name is string => typeof name === 'string')
    .map((name) => resolve(dirname(file), name))
  // The attacks it runs under, library ones included: a changed attack reruns the scenario.
  // Its own list when it has one, else the suite-wide attacks that select it.
  const attacks: unknown[] = Array.isArray(document?.attacks)
    ? document.attacks
    : document?.attacks === undefined
      ? [...suiteAttacks]
      : []
  for (const entry of attacks as { attack?: unknown }[]) {
    if (typeof entry?.attack === 'string' && entry.attack !== '') {
      files.push(attackFileOf(entry.attack, file))
    }
  }
  return [...new Set(files)].filter((path) => existsSync(path))
}
