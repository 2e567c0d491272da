import { InvalidDocumentError } from '../../core/errors.ts'
import type { AttackDocument } from '../../schema/attack-document.ts'
import { checkedTwin } from '../../schema/checked-twin.ts'
import type { ContractDocument } from '../../schema/contract-document.ts'
import type { DocumentStore } from '../../schema/document-store.ts'
import { offeredTwin } from '../../schema/offered-twins.ts'
import { loadScenarioIn } from '../../schema/parse-scenario.ts'
import type { ScenarioDocument } from '../../schema/scenario-document.ts'
import type { TwinDocument } from '../../schema/twin-document.ts'
import {
  checkpointPaths,
  type PreparedScenario,
  stillCurrent,
} from '../shared/prepared-scenario.ts'
import { pointAt } from './failure.ts'
import { stackless } from './stackless.ts'

/** Where a scenario's id, expectations, attacks and checkpoints are written. */
export type Locator = (
  path: ['id'] | ['expectations', number] | ['attacks', number] | ['checkpoints', number],
) => {
  line: number
  column: number
}

/** A scenario file's documents as its test file runs them. */
export interface SuiteDocuments {
  document: ScenarioDocument
  twin: TwinDocument
  attacks: AttackDocument[]
  /** Each contract the expectations name, by absolute path: the cases evaluate these. */
  contracts: Record<string, ContractDocument>
  locate: Locator
}

/**
 * The plugin's prepared documents (the twin as its module offered it) while
 * every file is unchanged, else the documents read now, with the loader's
 * located errors. Either way each file is read and hashed once in `store`
 * and, when read now, parsed once.
 */
export function scenarioDocuments(
  input: { file: string; prepared?: PreparedScenario },
  store: DocumentStore,
): SuiteDocuments {
  const { prepared } = input
  const twin = prepared && preparedTwin(prepared, store)
  if (prepared && twin) {
    // The main process's loader compiled its input schemas: tools compile on first call.
    checkedTwin(twin)
    const locate: Locator = (path) =>
      path[0] === 'id'
        ? prepared.locations.id
        : path[0] === 'attacks'
          ? prepared.locations.attacks[path[1]]!
          : path[0] === 'checkpoints'
            ? prepared.locations.checkpoints[path[1]]!
            : prepared.locations.expectations[path[1]]!
    return {
      document: prepared.document,
      twin,
      attacks: prepared.attacks,
      contracts: prepared.contracts,
      locate,
    }
  }
  const loaded = explained(() => loadScenarioIn(store, input.file))
  return {
    document: loaded.document,
    twin: loaded.twin,
    attacks: loaded.attacks,
    contracts: loaded.contracts,
    locate: (path) =>
      loaded.locate(path[0] === 'checkpoints' ? checkpointPaths(loaded.document)[path[1]]! : path),
  }
}

/**
 * The twin the main process checked for `prepared`, offered by the module the
 * scenario module imports first, while every file the check read still has the
 * bytes it had; else `undefined` (the worker then loads the documents itself).
 */
function preparedTwin(prepared: PreparedScenario, store: DocumentStore): TwinDocument | undefined {
  if (!stillCurrent(prepared, store)) return undefined
  const digest = prepared.inputs.find((input) => input.file === prepared.twinFile)?.digest
  return offeredTwin(prepared.twinFile, digest)
}

/**
 * `load()`, with a document error shown as the loader wrote it: its message
 * already says file:line:col and the fix, and a stack into our loader would
 * only hide it. The first problem becomes the frame, so Vitest shows the
 * document's code frame there.
 */
export function explained<T>(load: () => T): T {
  try {
    return load()
  } catch (error) {
    if (error instanceof InvalidDocumentError) {
      const first = error.problems[0]
      stackless(error)
      if (first)
        pointAt(
          error,
          { file: first.file, line: first.line, column: first.column },
          first.path || 'document',
        )
    }
    throw error
  }
}
