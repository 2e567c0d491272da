/**
 * Prepares a scenario in the Vitest main process: loaded and validated once,
 * with the digest of every file the check read (see `shared/prepared-scenario.ts`).
 */
import type { DocumentStore } from '../../schema/document-store.ts'
import { loadScenarioIn, type ScenarioDocuments } from '../../schema/parse-scenario.ts'
import { checkpointPaths, type PreparedScenario } from '../shared/prepared-scenario.ts'

/**
 * Loads and validates a scenario with the twin and contracts it names
 * (`files`, absolute), every file read, hashed and parsed once in `store`
 * (the plugin's, for the whole run), and returns what the generated module
 * carries; `undefined` when the documents have problems (the worker's loader
 * then reports them at their lines). Each digest is of the very bytes the
 * loader parsed, so a file that changes while it is read is never taken for
 * the one checked.
 */
export function prepareScenario(
  store: DocumentStore,
  file: string,
  files: readonly string[],
): PreparedScenario | undefined {
  let loaded: ScenarioDocuments
  try {
    loaded = loadScenarioIn(store, file)
  } catch {
    return undefined
  }
  // The twin the loader read must be one of the digested files.
  if (!files.includes(loaded.twinFile)) return undefined
  const inputs = [file, ...files].map((input) => ({
    file: input,
    digest: store.digest(input) ?? '',
  }))
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
