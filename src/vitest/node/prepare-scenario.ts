/**
 * Prepares a scenario in the Vitest main process: loaded and validated once,
 * with the digest of every file the check read (see `shared/prepared-scenario.ts`).
 */

import type { SuiteAttack } from '../../scenario/suite-attacks.ts'
import type { DocumentStore } from '../../schema/document-store.ts'
import { loadScenarioIn, type ScenarioDocuments } from '../../schema/parse-scenario.ts'
import type { ParseResult } from '../../schema/parse-yaml.ts'
import { checkpointPaths, type PreparedScenario } from '../shared/prepared-scenario.ts'
import { referencedDocuments } from './generate-module.ts'

/** What the main process makes of a scenario file for its generated module. */
export interface ScenarioPreparation {
  /** The documents it names (twin, contracts, attacks), absolute: a change to one reruns it. */
  named: string[]
  /** The scenario loaded and validated, `undefined` when its documents have problems. */
  prepared: PreparedScenario | undefined
}

/**
 * Loads and validates a scenario with the twin, contracts and attacks it
 * names, every file read, hashed and parsed once in `store` (the plugin's,
 * for the whole run), and returns what the generated module carries. A
 * scenario loaded before with the same bytes comes from the kept documents
 * (`kept-documents.ts`), so its YAML is not parsed again here; one with
 * problems is parsed only to name the files it refers to (the worker's loader
 * then reports the problems at their lines). Each digest is of the very bytes
 * the loader read, so a file that changes while it is read is never taken
 * for the one checked.
 * @example
 * const { named, prepared } = prepareScenario(store, file, suiteAttacks)
 */
export function prepareScenario(
  store: DocumentStore,
  file: string,
  suiteAttacks: readonly SuiteAttack[] = [],
): ScenarioPreparation {
  let loaded: ScenarioDocuments | undefined
  try {
    loaded = loadScenarioIn(store, file)
  } catch {
    loaded = undefined
  }
  const document = loaded ? loaded.document : parsedValue(store.parse(file))
  const named = referencedDocuments(file, document, suiteAttacks)
  // The twin the loader read must be one of the digested files.
  if (!loaded || !named.includes(loaded.twinFile)) return { named, prepared: undefined }
  const inputs = [file, ...named].map((input) => ({
    file: input,
    digest: store.digest(input) ?? '',
  }))
  return { named, prepared: preparedFrom(loaded, inputs) }
}

function parsedValue(parse: ParseResult): unknown {
  return parse.ok ? parse.parsed.value : undefined
}

function preparedFrom(
  loaded: ScenarioDocuments,
  inputs: PreparedScenario['inputs'],
): PreparedScenario {
  return {
    document: loaded.document,
    attacks: loaded.attacks,
    contracts: loaded.contracts,
    locations: {
      attacks: loaded.attacks.map((_, index) => loaded.locate(['attacks', index])),
      id: loaded.locate(['id']),
      expectations: loaded.document.expectations.map((_, index) =>
        loaded.locate(['expectations', index]),
      ),
      checkpoints: checkpointPaths(loaded.document).map((path) => loaded.locate(path)),
    },
    inputs,
    twinFile: loaded.twinFile,
  }
}
