import { digest } from '../core/canonical-json.ts'
import type { CaseRun } from '../core/case-run.ts'
import { deepFreeze, isDeepFrozen } from '../core/freeze.ts'
import { isCheckedFaultRule } from '../faults/checked-rule.ts'
import type { ScenarioDocument } from '../schema/scenario-document.ts'
import type { TwinDocument } from '../schema/twin-document.ts'

/** A scenario as loaded from disk: the document and the twin it names. */
export interface ScenarioSource {
  file?: string
  document: ScenarioDocument
  twin: TwinDocument
}

/**
 * One case of a pinned selection: the exact documents, their digests and the
 * seed. Both sides of a comparison run from the same `PinnedCase` object, so
 * the agent version is the only difference.
 */
export interface PinnedCase {
  scenario: CaseRun['scenario']
  twin: CaseRun['twin']
  seed: number
  document: ScenarioDocument
  twinDocument: TwinDocument
}

/** The selection resolved once: every case to run, frozen. */
export interface PinnedSelection {
  cases: readonly PinnedCase[]
}

export interface PinOptions {
  /** Used for scenarios that declare no seed. Default 0. */
  defaultSeed?: number
}

/**
 * Resolves a selection once: digests each scenario and twin and fixes the seeds.
 * The documents are deep-frozen copies, so nothing can change them between the
 * baseline and the candidate run. A twin document that is deep-frozen already
 * (`deepFreeze`) cannot change either: it is pinned as it is, not copied, so a
 * big twin state costs its memory once however many cases pin it.
 * @example
 * const selection = pinSelection([await loadScenario('refund.scenario.yaml')])
 * const baseline = await runCase(selection.cases[0], agents['v1.2.4'])
 */
export function pinSelection(
  sources: readonly ScenarioSource[],
  options: PinOptions = {},
): PinnedSelection {
  return Object.freeze({ cases: Object.freeze(sources.map((source) => pinCase(source, options))) })
}

/** Pins one scenario; see {@link pinSelection}. */
export function pinCase(source: ScenarioSource, options: PinOptions = {}): PinnedCase {
  // A deep-frozen document cannot change: it is pinned as it is, like the twin.
  const document = isDeepFrozen(source.document)
    ? source.document
    : deepFreeze(withCheckedRules(structuredClone(source.document), source.document))
  const twinDocument =
    frozenDigests.has(source.twin) || isDeepFrozen(source.twin)
      ? source.twin
      : deepFreeze(structuredClone(source.twin))
  const scenario: CaseRun['scenario'] = {
    id: document.id,
    version: document.version,
    title: document.title,
    digest: digest(document),
  }
  if (source.file) scenario.file = source.file
  return Object.freeze({
    scenario: Object.freeze(scenario),
    twin: Object.freeze(twinRef(twinDocument)),
    seed: document.seed ?? options.defaultSeed ?? 0,
    document,
    twinDocument,
  })
}

/**
 * The copy keeps the rules the validator checked (frozen already) as they are,
 * so the case's fault policy does not check them a second time.
 */
function withCheckedRules(copy: ScenarioDocument, original: ScenarioDocument): ScenarioDocument {
  if (!copy.faults || !original.faults) return copy
  copy.faults = copy.faults.map((rule, index) => {
    const checked = original.faults![index]
    return isCheckedFaultRule(checked) ? checked : rule
  })
  return copy
}

/**
 * Digests of deep-frozen twin documents, weakly keyed by them: a frozen
 * document cannot change, so its digest is computed once however many
 * scenarios pin it (a file of many `describeScenario` blocks over one twin).
 */
const frozenDigests = new WeakMap<TwinDocument, string>()

/** How a CaseRun names its twin: name, version and the digest of the document. */
export function twinRef(document: TwinDocument): CaseRun['twin'] {
  return {
    name: document.metadata.name,
    version: document.metadata.version,
    digest: twinDigest(document),
  }
}

function twinDigest(document: TwinDocument): string {
  if (!Object.isFrozen(document)) return digest(document)
  let known = frozenDigests.get(document)
  // Only a document frozen all through is remembered; a top-level freeze alone could still change inside.
  if (known === undefined) {
    known = digest(document)
    if (isDeepFrozen(document)) frozenDigests.set(document, known)
  }
  return known
}
