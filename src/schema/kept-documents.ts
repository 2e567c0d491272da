/**
 * Checked scenarios kept on disk. Loading a scenario parses its YAML and runs
 * every check against its twin, contracts and attacks: about a millisecond
 * and a half a scenario, paid again by every test file and every run
 * (`describeScenario` blocks, the plugin's main process, the CLI). A
 * scenario that loads without a problem is kept here as JSON with the digest
 * of every file its check read; a later load whose files all still have those
 * digests takes the kept documents instead of parsing and checking again.
 *
 * A file is named by a hash of what else decides the result: the scenario's
 * path and bytes, the package's own code (its version and content-hashed
 * chunk names, so an upgrade or a changed build of AgentTwin is a new file)
 * and the resource limits set in the environment. Only documents that JSON
 * carries unchanged are kept (no `-0`). The folder is `scenarios` in the
 * cache folder (see `cache-folder.ts`), trusted as `node_modules` is.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isJsonObject, isPlainJson } from '../core/json.ts'
import { DEFAULT_LIMITS, type LimitName, limitVariable } from '../core/limits.ts'
import { OWN_EXTENSION, ownBuildFile, ownCodeDir, ownRoot } from '../core/own-files.ts'
import type { AttackDocument } from './attack-document.ts'
import { cacheFolder, keepInCache, readFromCache } from './cache-folder.ts'
import type { ContractDocument } from './contract-document.ts'
import { caseExpectations } from './conversation-checks.ts'
import type { DocumentStore } from './document-store.ts'
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

/** What is kept of a scenario that loaded without a problem. */
export interface KeptScenario {
  /** Every file the load read (scenario, twin, contracts, attacks) with the digest of its bytes. */
  inputs: { file: string; digest: string }[]
  document: ScenarioDocument
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
 * precompiled validators' size and time say which code this is. From the
 * sources (this repository's tests), the names, sizes and times of every file.
 */
function codeFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint
  const root = ownCodeDir()
  const hash = createHash('sha256')
  if (OWN_EXTENSION === '.js') {
    hash.update(readFileSync(join(ownRoot(), 'package.json')))
    for (const name of readdirSync(join(root, 'chunks')).sort()) hash.update(`${name}\n`)
    hash.update(stampOf(ownBuildFile(PRECOMPILED_VALIDATORS_FILE)))
  } else {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .sort()
    for (const name of files) hash.update(`${name}\0${stampOf(join(root, name))}\n`)
  }
  fingerprint = hash.digest('hex')
  return fingerprint
}

function stampOf(file: string): string {
  try {
    const stats = statSync(file)
    return `${stats.size}:${stats.mtimeMs}`
  } catch {
    return 'none'
  }
}

/** The file a document of `kind` at `file` with the bytes of `digest` is kept in. */
function keptFile(dir: string, kind: 'scenario' | 'twin', file: string, digest: string): string {
  const limits = (Object.keys(DEFAULT_LIMITS) as LimitName[]).map(
    (name) => process.env[limitVariable(name)] ?? '',
  )
  const hash = createHash('sha256')
    .update(JSON.stringify([FORMAT, kind, codeFingerprint(), limits, file, digest]))
    .digest('hex')
  return join(dir, `${hash.slice(0, 40)}.json`)
}

/**
 * The scenario at `file` (absolute) as kept when every file its load read
 * still has the same bytes in `store`, else `undefined` (a damaged file is
 * removed). Its documents are fresh objects, the caller's to keep.
 * @example
 * const kept = keptScenario(store, '/project/scenarios/refund.scenario.yaml')
 */
export function keptScenario(store: DocumentStore, file: string): KeptScenario | undefined {
  const dir = cacheFolder('scenarios')
  const digest = store.digest(file)
  if (!dir || digest === undefined) return undefined
  const kept = readFromCache(keptFile(dir, 'scenario', file, digest), (text) => {
    const value = JSON.parse(text) as KeptScenario
    return Array.isArray(value.inputs) && isJsonObject(value.document) ? value : undefined
  })
  if (!kept) return undefined
  return kept.inputs.every((input) => store.digest(input.file) === input.digest) ? kept : undefined
}

/**
 * Keeps a scenario that loaded without a problem, with the digests in
 * `store` of the `files` its load read. Not kept when a file cannot be read
 * now, or when a document holds a value JSON would change.
 */
export function keepScenario(
  store: DocumentStore,
  file: string,
  files: readonly string[],
  loaded: Omit<KeptScenario, 'inputs'>,
): void {
  const dir = cacheFolder('scenarios')
  const digest = store.digest(file)
  if (!dir || digest === undefined) return
  const inputs = files.map((input) => ({ file: input, digest: store.digest(input) }))
  if (inputs.some((input) => input.digest === undefined)) return
  const { document, attacks, contracts } = loaded
  if (![document, attacks, contracts].every(isPlainJson)) return
  keepInCache(keptFile(dir, 'scenario', file, digest), JSON.stringify({ inputs, ...loaded }))
}

/** What is kept of a twin that was checked without a problem. */
interface KeptTwin {
  /** The twin file (and any file its check read) with the digest of its bytes. */
  inputs: { file: string; digest: string }[]
  document: TwinDocument
}

/**
 * The twin at `file` (absolute) as kept from a check without a problem when
 * its bytes (and every file its check read) are unchanged in `store`, else
 * `undefined`. Its tools' input schemas were compiled by that check.
 * @example
 * const twin = keptTwin(store, '/project/twins/shop.twin.yaml')
 */
export function keptTwin(store: DocumentStore, file: string): TwinDocument | undefined {
  const dir = cacheFolder('twins')
  const digest = store.digest(file)
  if (!dir || digest === undefined) return undefined
  const kept = readFromCache(keptFile(dir, 'twin', file, digest), (text) => {
    const value = JSON.parse(text) as KeptTwin
    return Array.isArray(value.inputs) && isJsonObject(value.document) ? value : undefined
  })
  if (!kept) return undefined
  return kept.inputs.every((input) => store.digest(input.file) === input.digest)
    ? kept.document
    : undefined
}

/** Keeps a twin checked without a problem, with the digests in `store` of the `files` its check read. */
export function keepTwin(
  store: DocumentStore,
  file: string,
  files: readonly string[],
  document: TwinDocument,
): void {
  const dir = cacheFolder('twins')
  const digest = store.digest(file)
  if (!dir || digest === undefined || !isPlainJson(document)) return
  const inputs = files.map((input) => ({ file: input, digest: store.digest(input) }))
  if (inputs.some((input) => input.digest === undefined)) return
  keepInCache(keptFile(dir, 'twin', file, digest), JSON.stringify({ inputs, document }))
}
