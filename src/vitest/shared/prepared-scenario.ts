/**
 * A scenario loaded and validated once, in the Vitest main process, and handed
 * to the test file through its generated module: the worker neither parses
 * the YAML again nor validates it. Every file the check read is named with a
 * digest of its text; the worker compares them, and loads from disk (the
 * loader's own messages) when any file changed since, so it is never stale.
 */
import type { AttackDocument } from '../../schema/attack-document.ts'
import type { ContractDocument } from '../../schema/contract-document.ts'
import { caseExpectations } from '../../schema/conversation-checks.ts'
import type { DocumentStore } from '../../schema/document-store.ts'
import type { FieldPath } from '../../schema/field-path.ts'
import type { ScenarioDocument } from '../../schema/scenario-document.ts'

/** A line and column in the scenario document. */
export interface FieldLocation {
  line: number
  column: number
}

/**
 * What the generated module carries of a valid scenario. Not its twin: the
 * module offering the checked twin (one per twin and content, imported first)
 * carries it, once for every scenario that names it.
 */
export interface PreparedScenario {
  document: ScenarioDocument
  /** The attacks the scenario runs under, variables filled. */
  attacks: AttackDocument[]
  /** Each contract the expectations name, by absolute path, as checked: cases evaluate these. */
  contracts: Record<string, ContractDocument>
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
  /** The twin's absolute path as the loader resolved it: one of `inputs`. */
  twinFile: string
}

/** Where each turn's checkpoints are written, in the order the case evaluates them. */
export function checkpointPaths(document: ScenarioDocument): FieldPath[] {
  return caseExpectations(document)
    .map((item) => item.path)
    .filter((path) => path[0] === 'conversation')
}

/**
 * Whether every file the main process checked still has the bytes it checked,
 * each read and hashed once in `store` (which the loader then reads from if not).
 */
export function stillCurrent(
  prepared: Pick<PreparedScenario, 'inputs'>,
  store: DocumentStore,
): boolean {
  return prepared.inputs.every(({ file, digest }) => store.digest(file) === digest)
}
