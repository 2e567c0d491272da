/**
 * Checked scenarios and twins kept on disk. Loading a scenario parses its
 * YAML and runs every check against its twin, contracts and attacks: about a
 * millisecond and a half a scenario; checking a twin compiles every tool's
 * input schema against the JSON Schema meta-schema, tens of milliseconds. Both
 * are paid again by every test file and every run (`describeScenario` blocks,
 * the plugin's main process, the CLI). A document checked without a problem
 * is kept here as JSON with the digest of every file its check read; a later
 * load whose files all still have those digests takes the kept document
 * instead of parsing and checking again.
 *
 * A file is named by a hash of what else decides the result: the document's
 * kind, path and bytes, the package's own code (its version and
 * content-hashed chunk names, so an upgrade or a changed build of AgentTwin is
 * a new file) and the resource limits set in the environment. Only documents
 * that JSON carries unchanged are kept (no `-0`). The folders are `scenarios`
 * and `twins` in the cache folder (see `cache-folder.ts`), trusted as
 * `node_modules` is.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isJsonObject, isPlainJson } from '../core/json.ts'
import { DEFAULT_LIMITS, type LimitName, limitVariable } from '../core/limits.ts'
import { OWN_EXTENSION, ownBuildFile, ownCodeDir, ownRoot } from '../core/own-files.ts'
import type { AttackDocument } from './attack-document.ts'
import { type CacheKind, cacheFolder, keepInCache, readFromCache } from './cache-folder.ts'
import type { ContractDocument } from './contract-document.ts'
import { caseExpectations } from './conversation-checks.ts'
import { type DocumentStore, fileStamp } from './document-store.ts'
import type { FieldPath } from './field-path.ts'
import type { ScenarioDocument } from './scenario-document.ts'
import type { TwinDocument } from './twin-document.ts'
import { PRECOMPILED_VALIDATORS_FILE } from './validators.ts'

/** Bumped when what a kept file holds changes shape. */
const FORMAT = 1

/** Where a field is written. */
interface Location {
  line: number
  column: number
}

/**
 * A document kept with the digest of every file its check read (for a
 * scenario, its twin, contracts and attacks too).
 */
interface Kept<T> {
  inputs: { file: string; digest: string }[]
  document: T
}

/** The cache folder of each kind of kept document. */
const KINDS = {
  scenario: 'scenarios',
  twin: 'twins',
} as const satisfies Record<string, CacheKind>

/** What is kept of a scenario that loaded without a problem. */
export interface KeptScenario extends Kept<ScenarioDocument> {
  twinFile: string
  attacks: AttackDocument[]
  contracts: Record<string, ContractDocument>
  /** Where the fields tests point at are (id, each expectation, checkpoint and attack), by path. */
  locations: Record<string, Location>
}

/** The fields whose places are kept: the ones a test or a failure points at. */
export function locatedPaths(document: ScenarioDocument, attacks: number): FieldPath[] {
  return [
    ['id'],
    ...caseExpectations(document).map((item) => item.path),
    ...Array.from({ length: attacks }, (_, index): FieldPath => ['attacks', index]),
  ]
}

/** The key of a located field. */
export function pathKey(path: FieldPath): string {
  return JSON.stringify(path)
}

let fingerprint: string | undefined

/**
 * The package's own code, read once a process. Built, every chunk's name
 * carries a hash of its content (the checks all live in chunks, shared by the
 * entries), so the names of the chunks, the package's version and the
 * precompiled validators' stamp say which code this is. From the sources
 * (this repository's tests), the names and stamps of every file.
 */
function codeFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint
  const root = ownCodeDir()
  const hash = createHash('sha256')
  if (OWN_EXTENSION === '.js') {
    hash.update(readFileSync(join(ownRoot(), 'package.json')))
    for (const name of readdirSync(join(root, 'chunks')).sort()) hash.update(`${name}\n`)
    hash.update(fileStamp(ownBuildFile(PRECOMPILED_VALIDATORS_FILE)))
  } else {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .sort()
    for (const name of files) hash.update(`${name}\0${fileStamp(join(root, name))}\n`)
  }
  fingerprint = hash.digest('hex')
  return fingerprint
}

/** The file a document of `kind` at `file` with the bytes of `digest` is kept in. */
function keptFile(dir: string, kind: keyof typeof KINDS, file: string, digest: string): string {
  const limits = (Object.keys(DEFAULT_LIMITS) as LimitName[]).map(
    (name) => process.env[limitVariable(name)] ?? '',
  )
  const hash = createHash('sha256')
    .update(JSON.stringify([FORMAT, kind, codeFingerprint(), limits, file, digest]))
    .digest('hex')
  return join(dir, `${hash.slice(0, 40)}.json`)
}

/**
 * The document of `kind` at `file` (absolute) as kept, when every file its
 * check read still has the same bytes in `store`; else `undefined` (a
 * damaged file is removed). Fresh objects, the caller's to keep.
 */
function readKept<T extends Kept<unknown>>(
  store: DocumentStore,
  kind: keyof typeof KINDS,
  file: string,
): T | undefined {
  const dir = cacheFolder(KINDS[kind])
  const digest = store.digest(file)
  if (!dir || digest === undefined) return undefined
  const kept = readFromCache(keptFile(dir, kind, file, digest), (text) => {
    const value = JSON.parse(text) as T
    return Array.isArray(value.inputs) && isJsonObject(value.document) ? value : undefined
  })
  if (!kept) return undefined
  return kept.inputs.every((input) => store.digest(input.file) === input.digest) ? kept : undefined
}

/**
 * Keeps a document of `kind` at `file`, checked without a problem, with the
 * digests in `store` of the `files` its check read. Not kept when a file
 * cannot be read now, or when `values` hold a value JSON would change.
 */
function keep(
  store: DocumentStore,
  kind: keyof typeof KINDS,
  file: string,
  files: readonly string[],
  entry: Omit<Kept<unknown>, 'inputs'> & Record<string, unknown>,
  values: unknown[],
): void {
  const dir = cacheFolder(KINDS[kind])
  const digest = store.digest(file)
  if (!dir || digest === undefined || !values.every(isPlainJson)) return
  const inputs = files.map((input) => ({ file: input, digest: store.digest(input) }))
  if (inputs.some((input) => input.digest === undefined)) return
  keepInCache(keptFile(dir, kind, file, digest), JSON.stringify({ inputs, ...entry }))
}

/**
 * The scenario at `file` (absolute) as kept when every file its load read
 * (scenario, twin, contracts, attacks) still has the same bytes in `store`.
 * @example
 * const kept = keptScenario(store, '/project/scenarios/refund.scenario.yaml')
 */
export function keptScenario(store: DocumentStore, file: string): KeptScenario | undefined {
  return readKept<KeptScenario>(store, 'scenario', file)
}

/** Keeps a scenario that loaded without a problem, with the `files` its load read. */
export function keepScenario(
  store: DocumentStore,
  file: string,
  files: readonly string[],
  loaded: Omit<KeptScenario, 'inputs'>,
): void {
  const { document, attacks, contracts } = loaded
  keep(store, 'scenario', file, files, loaded, [document, attacks, contracts])
}

/**
 * The twin at `file` (absolute) as kept from a check without a problem when
 * its bytes are unchanged in `store`. Its tools' input schemas were compiled
 * by that check.
 * @example
 * const twin = keptTwin(store, '/project/twins/shop.twin.yaml')
 */
export function keptTwin(store: DocumentStore, file: string): TwinDocument | undefined {
  return readKept<Kept<TwinDocument>>(store, 'twin', file)?.document
}

/** Keeps a twin checked without a problem, with the `files` its check read. */
export function keepTwin(
  store: DocumentStore,
  file: string,
  files: readonly string[],
  document: TwinDocument,
): void {
  keep(store, 'twin', file, files, { document }, [document])
}
