/**
 * A scenario loaded and validated once, in the Vitest main process, and handed
 * to the test file through its generated module: the worker neither parses
 * the YAML again nor validates it. Every file the check read is named with a
 * digest of its text; the worker compares them, and loads from disk (the
 * loader's own messages) when any file changed since, so it is never stale.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { AttackDocument } from '../../schema/attack-document.ts'
import { type LoadedScenario, loadScenarioSync, locateField } from '../../schema/index.ts'
import type { ScenarioDocument } from '../../schema/scenario-document.ts'
import type { TwinDocument } from '../../schema/twin-document.ts'

/** A line and column in the scenario document. */
export interface FieldLocation {
  line: number
  column: number
}

/** What the generated module carries of a valid scenario. */
export interface PreparedScenario {
  document: ScenarioDocument
  twin: TwinDocument
  /** The attacks the scenario runs under, variables filled. */
  attacks: AttackDocument[]
  /** Where the scenario's `id`, each expectation and each attack are, for tests and failures. */
  locations: { id: FieldLocation; expectations: FieldLocation[]; attacks: FieldLocation[] }
  /** Every file the check read (scenario, twin, contracts) with the digest of its text. */
  inputs: { file: string; digest: string }[]
}

/** The digest of a file's bytes, as compared between the main process and the worker. */
function fileDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function digestOf(file: string): string | undefined {
  try {
    return fileDigest(readFileSync(file))
  } catch {
    return undefined
  }
}

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
    },
    inputs,
  }
  // The twin the loader read must be one of the digested files, and none may
  // have changed while it read them.
  const digested = files.includes(loaded.twinFile)
  return digested && stillCurrent({ ...prepared, inputs: inputs.slice(1) }) ? prepared : undefined
}

/** Whether every file the main process checked still has the bytes it checked. */
export function stillCurrent(prepared: Pick<PreparedScenario, 'inputs'>): boolean {
  return prepared.inputs.every(({ file, digest }) => digestOf(file) === digest)
}
