/**
 * Prepares a scenario in the Vitest main process: loaded and validated once,
 * with the digest of every file the check read (see `shared/prepared-scenario.ts`).
 */
import { type LoadedScenario, loadScenarioSync, locateField } from '../../schema/index.ts'
import {
  checkpointPaths,
  digestOf,
  fileDigest,
  type PreparedScenario,
  stillCurrent,
} from '../shared/prepared-scenario.ts'

/**
 * Loads and validates a scenario (its text as Vite read it) with the twin and
 * contracts it names (`files`, absolute), and returns what the generated
 * module carries; `undefined` when the documents have problems (the worker's
 * loader then reports them at their lines) or changed while being read.
 */
export function prepareScenario(
  file: string,
  source: string,
  files: readonly string[],
): PreparedScenario | undefined {
  const inputs = [{ file, digest: fileDigest(Buffer.from(source)) }]
  for (const other of files) inputs.push({ file: other, digest: digestOf(other) ?? '' })
  let loaded: LoadedScenario
  try {
    loaded = loadScenarioSync(file, { source })
  } catch {
    return undefined
  }
  const prepared: PreparedScenario = {
    document: loaded.document,
    twin: loaded.twin,
    attacks: loaded.attacks,
    locations: {
      attacks: loaded.attacks.map((_, index) => locateField(source, file, ['attacks', index])),
      id: locateField(source, file, ['id']),
      expectations: loaded.document.expectations.map((_, index) =>
        locateField(source, file, ['expectations', index]),
      ),
      checkpoints: checkpointPaths(loaded.document).map((path) => locateField(source, file, path)),
    },
    inputs,
  }
  // The twin the loader read must be one of the digested files, and none may
  // have changed while it read them.
  const digested = files.includes(loaded.twinFile)
  return digested && stillCurrent({ ...prepared, inputs: inputs.slice(1) }) ? prepared : undefined
}
