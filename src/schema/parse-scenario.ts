import { dirname, resolve } from 'node:path'
import { type DocumentProblem, InvalidDocumentError } from '../core/errors.ts'
import { deepFreeze } from '../core/freeze.ts'
import type { AttackDocument } from './attack-document.ts'
import type { ContractDocument } from './contract-document.ts'
import { faultTurnIssues } from './conversation-checks.ts'
import { DocumentStore } from './document-store.ts'
import { type FieldPath, formatFieldPath } from './field-path.ts'
import { type CheckedDocument, checkDocument, finishInspection } from './inspect.ts'
import type { Issue } from './issue.ts'
import {
  type KeptScenario,
  keepScenario,
  keptScenario,
  locatedPaths,
  pathKey,
} from './kept-documents.ts'
import { inspectTwin, inspectTwinIn } from './parse-twin.ts'
import type { ParseResult } from './parse-yaml.ts'
import { readSource, type SourceResult } from './read-source.ts'
import { referencedAttacks } from './scenario-attack-checks.ts'
import { scenarioIssues } from './scenario-checks.ts'
import { referencedContracts } from './scenario-contract-checks.ts'
import type { ScenarioDocument } from './scenario-document.ts'
import { scenarioTwinIssues } from './scenario-twin-checks.ts'
import type { TwinDocument } from './twin-document.ts'

/** A valid scenario with the valid twin it runs against. */
export interface LoadedScenario {
  /** Absolute path of the scenario document. */
  file: string
  document: ScenarioDocument
  /** Absolute path of the twin document. */
  twinFile: string
  twin: TwinDocument
  /** The scenario's text, for pointing at its lines (`locateField`). */
  source: string
  twinSource: string
  /** The attacks the scenario runs under (`attacks:`), variables filled, in its order. */
  attacks: AttackDocument[]
}

/**
 * A scenario as the loader read it in a `DocumentStore`: besides the
 * documents, where its fields are (from the one parse of its text) and each
 * contract its expectations name, as checked.
 */
export interface ScenarioDocuments extends LoadedScenario {
  /** Where a field of the scenario is (line and column), from the loader's own parse. */
  locate(path: FieldPath): { line: number; column: number }
  /** Each contract the expectations name, by absolute path. */
  contracts: Record<string, ContractDocument>
}

export interface ParseScenarioOptions {
  /** The twin the scenario runs against; when given, its tool names are checked too. */
  twin?: TwinDocument
}

export interface LoadScenarioOptions {
  /** The scenario's text when the caller already has it (a Vite transform); else read from `file`. */
  source?: string
}

/** How `loadScenarioIn` loads from its store. */
export interface StoreLoadOptions extends LoadScenarioOptions {
  /**
   * The twin as the store holds it, deep-frozen and shared by every scenario
   * that names it, instead of a copy of its own. For callers that only read
   * the twin (and pin it).
   */
  frozenTwin?: boolean
  /**
   * A scenario taken from the kept store deep-frozen in place (it is a fresh
   * copy of its own), so a caller that pins it need not copy it again. A
   * scenario checked now is the store's shared one, and is left as it is.
   */
  frozenScenario?: boolean
}

/**
 * Parses and validates a `scenario.v1` document without reading any file.
 * With `options.twin`, the tools it names are checked against that twin.
 * @throws InvalidDocumentError listing every problem at its file:line:col.
 * @example
 * const scenario = parseScenario(text, 'refund.scenario.yaml', { twin })
 */
export function parseScenario(
  text: string,
  file: string,
  options: ParseScenarioOptions = {},
): ScenarioDocument {
  const checked = checkScenario(text, file)
  // Fault rules are checked by their own checker with or without the twin; tools only with it.
  if (!checked.otherKind) {
    const found = twinIssuesOf(checked, options.twin)
    checked.issues.push(...found)
  }
  const { document, problems } = finishInspection<ScenarioDocument>(checked)
  if (!document) throw new InvalidDocumentError(problems)
  return document
}

/**
 * Reads a scenario and the twin it names (relative to the scenario), and
 * validates both: the twin's problems come with the twin's own file:line:col.
 * @throws InvalidDocumentError with every problem of both files.
 * @example
 * const { document, twin } = await loadScenario('examples/demo-co/scenarios/refund-happy-path.scenario.yaml')
 */
export async function loadScenario(
  file: string,
  options: LoadScenarioOptions = {},
): Promise<LoadedScenario> {
  const path = resolve(file)
  const read = options.source === undefined ? await readSource(path) : { source: options.source }
  if (read.problem) throw new InvalidDocumentError([read.problem])
  const checked = checkScenario(read.source, path)
  const twinFile = twinFileOf(checked, path)
  const twinRead = twinFile === undefined ? undefined : await readSource(twinFile)
  return complete(checked, read.source, path, twinFile, twinRead)
}

/**
 * `loadScenario` without promises, for Vite plugin transforms.
 * @example
 * const loaded = loadScenarioSync(id, { source: code })
 */
export function loadScenarioSync(file: string, options: LoadScenarioOptions = {}): LoadedScenario {
  return loadScenarioIn(new DocumentStore(), file, options)
}

/**
 * `loadScenarioSync` in a `DocumentStore`: the scenario, its twin, contracts
 * and attacks are read, hashed and parsed once in `store`, however many
 * scenarios of the run name them. A scenario that loads without a problem is
 * kept (`kept-documents.ts`): loading the same bytes again, with its
 * other files unchanged, takes the kept documents instead of checking again.
 * `options.source`: the scenario's text when the caller has it (then it is
 * parsed and checked here, neither taken from the store nor kept).
 * @throws InvalidDocumentError with every problem of every file.
 */
export function loadScenarioIn(
  store: DocumentStore,
  file: string,
  options: StoreLoadOptions = {},
): ScenarioDocuments {
  const path = resolve(file)
  const loadNow = (source: string, parse?: ParseResult): ScenarioDocuments => {
    const checked = checkScenario(source, path, parse)
    const twinFile = twinFileOf(checked, path)
    const twinRead = twinFile === undefined ? undefined : store.read(twinFile)
    return complete(checked, source, path, twinFile, twinRead, store, options.frozenTwin)
  }
  if (options.source !== undefined) return store.inOnePass(() => loadNow(options.source!))
  return store.inOnePass(() => loadStored(store, path, loadNow, options))
}

/** The scenario at `path` from `store`: as kept when it can be, else loaded now and kept. */
function loadStored(
  store: DocumentStore,
  path: string,
  loadNow: (source: string, parse?: ParseResult) => ScenarioDocuments,
  options: StoreLoadOptions,
): ScenarioDocuments {
  const read = store.read(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  const kept = keptScenario(store, path)
  if (kept) {
    const fromKept = scenarioFromKept(store, path, read.source, kept, options.frozenTwin)
    if (fromKept && options.frozenScenario) deepFreeze(fromKept.document)
    if (fromKept) return fromKept
  }
  // Kept for the next load of these bytes, with every file the check read.
  const { result: loaded, files } = store.filesUsedBy(() => loadNow(read.source, store.parse(path)))
  const { document, attacks, contracts, twinFile } = loaded
  const locations = Object.fromEntries(
    locatedPaths(document, attacks.length).map((at) => [pathKey(at), loaded.locate(at)]),
  )
  keepScenario(store, path, files, { document, twinFile, attacks, contracts, locations })
  return loaded
}

/**
 * A scenario as kept from an earlier load of the same bytes (see
 * `kept-documents.ts`), with its twin from `store`; `undefined` when
 * the twin has a problem now, so the full load reports it. A field whose
 * place was not kept is located by parsing the text, on first use.
 */
function scenarioFromKept(
  store: DocumentStore,
  path: string,
  source: string,
  kept: KeptScenario,
  frozenTwin = false,
): ScenarioDocuments | undefined {
  const twinRead = store.read(kept.twinFile)
  const inspection = inspectTwinIn(store, kept.twinFile, { frozen: frozenTwin })
  if (twinRead.problem || !inspection.document || inspection.problems.length > 0) return undefined
  return {
    file: path,
    document: kept.document,
    twinFile: kept.twinFile,
    twin: inspection.document,
    source,
    twinSource: twinRead.source,
    attacks: kept.attacks,
    contracts: kept.contracts,
    locate: (at) => kept.locations[pathKey(at)] ?? locateParsed(store.parse(path), at),
  }
}

function locateParsed(parse: ParseResult, at: FieldPath): { line: number; column: number } {
  return parse.ok ? parse.parsed.locate(at) : { line: 1, column: 1 }
}

function checkScenario(source: string, file: string, parse?: ParseResult): CheckedDocument {
  return checkDocument(source, file, 'scenario', scenarioIssues, parse)
}

function twinFileOf(checked: CheckedDocument, file: string): string | undefined {
  const twin = checked.parsed?.value.twin
  if (checked.otherKind || typeof twin !== 'string' || twin === '') return undefined
  return resolve(dirname(file), twin)
}

function twinIssuesOf(checked: CheckedDocument, twin: TwinDocument | undefined): Issue[] {
  if (!checked.parsed) return []
  // Inside a fault rule the rule checker, which every entry point in code shares, speaks
  // instead of the schema, so a rule's problem reads the same from YAML and from code.
  checked.issues = checked.issues.filter(
    (issue) => !(issue.path[0] === 'faults' && issue.path.length > 2),
  )
  const reported = new Set(checked.issues.map((issue) => formatFieldPath(issue.path)))
  return [
    ...scenarioTwinIssues(checked.parsed.value, twin, reported),
    ...faultTurnIssues(checked.parsed.value),
  ]
}

function complete(
  checked: CheckedDocument,
  source: string,
  file: string,
  twinFile: string | undefined,
  twinRead: SourceResult | undefined,
  /** The store the twin was read in (its read is `twinRead`); none for a twin read on its own. */
  store?: DocumentStore,
  frozenTwin = false,
): ScenarioDocuments {
  const twinProblems: DocumentProblem[] = []
  let twin: TwinDocument | undefined
  if (twinFile !== undefined && twinRead?.problem && twinRead.inFile) {
    // Bytes that are not UTF-8 are the twin's own problem, at the bad byte in the twin.
    twinProblems.push(twinRead.problem)
    checked.issues.push({
      path: ['twin'],
      message: `the twin "${String(checked.parsed?.value.twin)}" is invalid (1 problem, reported at its own lines)`,
      fix: 'fix the twin document; its tools cannot be checked against this scenario until then',
    })
  } else if (twinFile !== undefined && twinRead?.problem) {
    checked.issues.push({
      path: ['twin'],
      message: `the twin file "${String(checked.parsed?.value.twin)}" ${twinRead.problem.message.replace(/^the file /, '')} (looked for ${twinFile})`,
      fix: 'write the path of the twin document relative to this scenario file',
    })
  } else if (twinFile !== undefined && twinRead?.source !== undefined) {
    // In a store the twin is checked once however many scenarios name it.
    const inspection = store
      ? inspectTwinIn(store, twinFile, { frozen: frozenTwin })
      : inspectTwin(twinRead.source, twinFile)
    twin = inspection.document
    twinProblems.push(...inspection.problems)
    const count = inspection.problems.length
    if (count > 0) {
      checked.issues.push({
        path: ['twin'],
        message: `the twin "${String(checked.parsed?.value.twin)}" is invalid (${count === 1 ? '1 problem' : `${count} problems`}, reported at its own lines)`,
        fix: 'fix the twin document; its tools cannot be checked against this scenario until then',
      })
    }
  }
  let attacks: AttackDocument[] = []
  let contractDocuments: Record<string, ContractDocument> = {}
  if (checked.parsed && !checked.otherKind) {
    const contracts = referencedContracts(
      checked.parsed.value,
      file,
      twin,
      store ?? new DocumentStore(),
    )
    contractDocuments = contracts.contracts
    // Computed first: it replaces the schema's issues inside fault rules.
    const twinIssues = twinIssuesOf(checked, twin)
    checked.issues.push(...twinIssues, ...contracts.issues)
    twinProblems.push(...contracts.problems)
    const found = referencedAttacks(checked.parsed.value, file, twin, store)
    checked.issues.push(...found.issues)
    twinProblems.push(...found.problems)
    attacks = found.attacks
  }
  const { document, problems } = finishInspection<ScenarioDocument>(checked, twinProblems)
  if (!document || !twin || twinFile === undefined || twinRead?.source === undefined) {
    throw new InvalidDocumentError(problems)
  }
  const parsed = checked.parsed!
  return {
    file,
    document,
    twinFile,
    twin,
    source,
    twinSource: twinRead.source,
    attacks,
    contracts: contractDocuments,
    locate: (path) => parsed.locate(path),
  }
}
