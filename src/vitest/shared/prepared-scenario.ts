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
import { caseExpectations } from '../../schema/conversation-checks.ts'
import type { FieldPath } from '../../schema/field-path.ts'
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
  locations: {
    id: FieldLocation
    expectations: FieldLocation[]
    attacks: FieldLocation[]
    /** Each turn's checkpoints, in the order of `checkpointPaths`. */
    checkpoints: FieldLocation[]
  }
  /** Every file the check read (scenario, twin, contracts) with the digest of its text. */
  inputs: { file: string; digest: string }[]
}

/** The digest of a file's bytes, as compared between the main process and the worker. */
export function fileDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The digest of a file as it is now, or `undefined` when it cannot be read. */
export function digestOf(file: string): string | undefined {
  try {
    return fileDigest(readFileSync(file))
  } catch {
    return undefined
  }
}

/** Where each turn's checkpoints are written, in the order the case evaluates them. */
export function checkpointPaths(document: ScenarioDocument): FieldPath[] {
  return caseExpectations(document)
    .map((item) => item.path)
    .filter((path) => path[0] === 'conversation')
}

/** Whether every file the main process checked still has the bytes it checked. */
export function stillCurrent(prepared: Pick<PreparedScenario, 'inputs'>): boolean {
  return prepared.inputs.every(({ file, digest }) => digestOf(file) === digest)
}
