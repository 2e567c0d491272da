import { resolve } from 'node:path'
import type { CallSite } from '../core/call-site.ts'
import { InvalidDocumentError, NotJsonError } from '../core/errors.ts'
import { deepFreeze } from '../core/freeze.ts'
import { cloneData } from '../core/json.ts'
import { checkedTwin } from './checked-twin.ts'
import { DocumentStore, fileDigest } from './document-store.ts'
import { checkDocument, finishInspection, type Inspection } from './inspect.ts'
import { keepTwin, keptTwin } from './kept-documents.ts'
import { offeredTwin } from './offered-twins.ts'
import type { ParseResult } from './parse-yaml.ts'
import { readSource } from './read-source.ts'
import { twinIssues } from './twin-checks.ts'
import type { TwinDocument } from './twin-document.ts'

/**
 * Every problem of a `twin.v1` source, and the document when it has none. Never throws.
 * @example
 * const { document, problems } = inspectTwin(text, 'twins/payments.yaml')
 */
export function inspectTwin(source: string, file: string): Inspection<TwinDocument> {
  return ownCopy(checkTwin(source, file))
}

/**
 * `inspectTwin` of a twin file as `store` read it: the file is read, parsed and
 * checked once however many scenarios name it; each caller gets its own copy
 * of the document.
 */
export function inspectTwinIn(
  store: DocumentStore,
  file: string,
  options: { frozen?: boolean } = {},
): Inspection<TwinDocument> {
  const path = resolve(file)
  const inspection = store.inspect(path, 'twin', (source, parse) => {
    // Checked without a problem before, and unchanged since: its tools' input schemas compiled then.
    const kept = keptTwin(store, path)
    if (kept) return { document: kept, problems: [] }
    const { result, files } = store.filesUsedBy(() => checkTwin(source, path, parse()))
    if (result.document && result.problems.length === 0) {
      keepTwin(store, path, files, result.document)
    }
    return result
  })
  return options.frozen ? frozenShared(inspection) : ownCopy(inspection)
}

/**
 * The store's own document, deep-frozen, for a caller that only reads it (a
 * file of `describeScenario` blocks over one twin): no copy per caller, and a
 * frozen document is pinned, digested and compiled once however many
 * scenarios name it.
 */
function frozenShared(inspection: Inspection<TwinDocument>): Inspection<TwinDocument> {
  // The store's document is never changed by its readers (see DocumentStore.inspect): freezing it in place changes nothing they see.
  const document = inspection.document && deepFreeze(inspection.document)
  if (document) checkedTwin(document)
  return { ...inspection, document, problems: [...inspection.problems] }
}

function checkTwin(source: string, file: string, parse?: ParseResult): Inspection<TwinDocument> {
  return finishInspection<TwinDocument>(checkDocument(source, file, 'twin', twinIssues, parse))
}

/** A caller's own copy of a checked twin: the store's, or one offered (see `offered-twins.ts`). */
function copyOf(checked: TwinDocument): TwinDocument {
  const document = cloneData(checked)
  checkedTwin(document)
  return document
}

function ownCopy(inspection: Inspection<TwinDocument>): Inspection<TwinDocument> {
  // No problems: every tool's input schema compiled (twin-tool-checks.ts).
  const document = inspection.document && copyOf(inspection.document)
  return { ...inspection, document, problems: [...inspection.problems] }
}

/**
 * Parses and validates a `twin.v1` document (YAML or JSON text).
 * @throws InvalidDocumentError listing every problem at its file:line:col.
 * @example
 * const twin = parseTwin(readFileSync('payments.twin.yaml', 'utf8'), 'payments.twin.yaml')
 */
export function parseTwin(text: string, file: string): TwinDocument {
  const { document, problems } = inspectTwin(text, file)
  if (!document) throw new InvalidDocumentError(problems)
  return document
}

/**
 * Validates a `twin.v1` document given as an object in code (`useTwin({...})`).
 * Its problems are located where the user wrote it, the call at `site`, with
 * the field path inside the object: never at a line of a JSON text the user
 * never saw.
 * @throws InvalidDocumentError listing every problem.
 * @example
 * const twin = parseTwinValue(document, 'useTwin', callSite())
 */
export function parseTwinValue(
  value: unknown,
  entry: string,
  site: CallSite | undefined,
): TwinDocument {
  const name = (value as { metadata?: { name?: unknown } } | null)?.metadata?.name
  const label = `${entry}(${typeof name === 'string' ? name : 'twin'})`
  let text: string | undefined
  try {
    text = JSON.stringify(value, null, 2)
  } catch (error) {
    // A cycle or a BigInt: no document can be read from it.
    throw new NotJsonError(label, error instanceof Error ? error.message : String(error))
  }
  if (text === undefined)
    throw new NotJsonError(label, 'a twin document is an object, not undefined or a function')
  const { document, problems } = inspectTwin(text, label)
  if (document) return document
  if (!site) throw new InvalidDocumentError(problems)
  throw new InvalidDocumentError(
    problems.map((problem) => ({
      ...problem,
      file: site.file,
      line: site.line,
      column: site.column,
      message: `${label}: ${problem.message}`,
    })),
  )
}

/**
 * Reads, parses and validates a `twin.v1` file.
 * @throws InvalidDocumentError (a missing file is a problem of that file).
 * @example
 * const twin = await loadTwin('examples/demo-co/twins/payments.yaml')
 */
export async function loadTwin(file: string): Promise<TwinDocument> {
  const path = resolve(file)
  const read = await readSource(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  const offered = offeredTwin(path, fileDigest(Buffer.from(read.source, 'utf8')))
  return offered ? copyOf(offered) : parseTwin(read.source, path)
}

/**
 * `loadTwin` without blocking on promises, for Vite plugin transforms.
 * @example
 * const twin = loadTwinSync('examples/demo-co/twins/payments.yaml')
 */
export function loadTwinSync(file: string): TwinDocument {
  const store = new DocumentStore()
  const offered = offeredTwin(resolve(file), store.digest(file))
  if (offered) return copyOf(offered)
  const { document, problems } = inspectTwinIn(store, file)
  if (!document) throw new InvalidDocumentError(problems)
  return document
}
