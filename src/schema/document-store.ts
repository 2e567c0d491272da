import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { DocumentKind } from './api-versions.ts'
import { documentTooLarge } from './document-size.ts'
import type { Inspection } from './inspect.ts'
import { type ParseResult, parseYamlSource } from './parse-yaml.ts'
import { decoded, type SourceResult, unreadable } from './read-source.ts'

/** The digest of a file's bytes, as the Vitest main process and its workers compare them. */
export function fileDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** One file as read: its text (or why not), the digest of its bytes, and what was made of it. */
interface Entry {
  /** The absolute path. */
  file: string
  /** Size, times and inode when read: a file that changed since is read again. */
  stamp: string
  /** The text, decoded on first use: a worker that only checks the digest never decodes it. */
  read?: SourceResult
  /** The bytes until they are decoded. */
  bytes?: Uint8Array
  digest?: string
  parsed?: ParseResult
  inspections: Map<DocumentKind, Inspection<unknown>>
}

/**
 * The documents one run reads (scenarios, twins, contracts, attacks): each
 * file read, hashed and parsed once, and each checked once per kind, however
 * many scenarios name it. It is owned by its caller (the plugin for its
 * project, a worker for its test file, a CLI command), never module-level
 * state. A file whose size, times or inode changed since it was read is read
 * again, and `forget` drops one (the plugin calls it when Vite's watcher sees
 * the file change), so a watch-mode rerun never sees a stale document.
 * @example
 * const documents = new DocumentStore()
 * const loaded = loadScenarioIn(documents, 'scenarios/refund.scenario.yaml')
 */
export class DocumentStore {
  readonly #entries = new Map<string, Entry>()
  /** The files asked about while `filesUsedBy` runs, one set per call in progress. */
  readonly #watchers = new Set<Set<string>>()
  /** The stamps taken in the pass in progress (`inOnePass`), by absolute path. */
  #passStamps: Map<string, FileStat> | undefined

  /**
   * Runs `run` as one pass over the documents: each file is stat'ed once in
   * it, however often it is asked about (a scenario load asks about its
   * files several times). A pass inside a pass is part of it. A file that
   * changes during a pass is seen as changed by the next one.
   * @example
   * const loaded = store.inOnePass(() => loadNow())
   */
  inOnePass<T>(run: () => T): T {
    if (this.#passStamps) return run()
    this.#passStamps = new Map()
    try {
      return run()
    } finally {
      this.#passStamps = undefined
    }
  }

  /**
   * Runs `run` and names every file it asked this store about (read, digest,
   * parse or check), by absolute path, in the order first asked.
   * @example
   * const { result, files } = store.filesUsedBy(() => loadScenarioIn(store, file))
   */
  filesUsedBy<T>(run: () => T): { result: T; files: string[] } {
    const files = new Set<string>()
    this.#watchers.add(files)
    try {
      return { result: run(), files: [...files] }
    } finally {
      this.#watchers.delete(files)
    }
  }

  /** The file's text, strict UTF-8 and within the size limit, or the problem of the file. */
  read(file: string): SourceResult {
    return readOf(this.#entry(file))
  }

  /** The digest of the file's bytes as read, `undefined` when it cannot be read. */
  digest(file: string): string | undefined {
    return this.#entry(file).digest
  }

  /** The file's text parsed (positions kept), or its problems; a file that cannot be read is its problem. */
  parse(file: string): ParseResult {
    const entry = this.#entry(file)
    if (!entry.parsed) {
      const read = readOf(entry)
      entry.parsed = read.problem
        ? { ok: false, problems: [read.problem] }
        : parseYamlSource(read.source, resolve(file))
    }
    return entry.parsed
  }

  /**
   * The file checked as a document of `kind` by `check` (which gets the file's
   * text and its parse, parsed when first asked for), once per file and kind
   * while the file is unchanged. Callers must not change what it returns: it
   * is shared.
   */
  inspect<T>(
    file: string,
    kind: DocumentKind,
    check: (source: string, parse: () => ParseResult) => Inspection<T>,
  ): Inspection<T> {
    const entry = this.#entry(file)
    let inspection = entry.inspections.get(kind) as Inspection<T> | undefined
    if (!inspection) {
      const read = readOf(entry)
      inspection = read.problem
        ? { problems: [read.problem] }
        : check(read.source, () => this.parse(file))
      entry.inspections.set(kind, inspection)
    }
    return inspection
  }

  /** Drops what was read of `file`: the next question reads it again. */
  forget(file: string): void {
    this.#entries.delete(resolve(file))
  }

  #entry(file: string): Entry {
    const path = resolve(file)
    for (const files of this.#watchers) files.add(path)
    const { stamp, size } = this.#stat(path)
    const held = this.#entries.get(path)
    if (held && held.stamp === stamp) return held
    const entry: Entry = { file: path, stamp, ...readFile(path, size), inspections: new Map() }
    this.#entries.set(path, entry)
    return entry
  }

  #stat(path: string): FileStat {
    const taken = this.#passStamps?.get(path)
    if (taken) return taken
    const stat = statFile(path)
    this.#passStamps?.set(path, stat)
    return stat
  }
}

/** A file's stamp, and its size when it could be stat'ed. */
interface FileStat {
  stamp: string
  size?: number
}

/** A file's size, times and inode, as `stat` gives them now: a changed file has another stamp. */
export function fileStamp(file: string): string {
  return statFile(file).stamp
}

/** The stamp of `file`, with its size when it could be stat'ed. */
function statFile(file: string): FileStat {
  try {
    const stats = statSync(file)
    return {
      stamp: `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`,
      size: stats.size,
    }
  } catch (error) {
    return { stamp: `unreadable:${(error as NodeJS.ErrnoException).code ?? ''}` }
  }
}

/** The file's bytes and digest, or its problem; `size` as stat'ed for its stamp, when it was. */
function readFile(file: string, size?: number): Pick<Entry, 'read' | 'bytes' | 'digest'> {
  try {
    // Measured before it is read: a file far over the limit is never loaded.
    const tooLarge = documentTooLarge(undefined, file, size ?? statSync(file).size)
    if (tooLarge) return { read: { problem: tooLarge } }
    const bytes = readFileSync(file)
    return { bytes, digest: fileDigest(bytes) }
  } catch (error) {
    return { read: { problem: unreadable(file, error) } }
  }
}

function readOf(entry: Entry): SourceResult {
  if (!entry.read) {
    entry.read = decoded(entry.file, entry.bytes ?? new Uint8Array())
    entry.bytes = undefined
  }
  return entry.read
}
