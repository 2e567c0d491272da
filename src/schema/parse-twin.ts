import { resolve } from 'node:path'
import { InvalidDocumentError } from '../core/errors.ts'
import { cloneData } from '../core/json.ts'
import { checkDocument, finishInspection, type Inspection } from './inspect.ts'
import { readSource, readSourceSync } from './read-source.ts'
import { sourceKey } from './source-key.ts'
import { twinIssues } from './twin-checks.ts'
import type { TwinDocument } from './twin-document.ts'
import { markInputSchemasChecked } from './validators.ts'

// Recent inspections by file and text: the plugin loads every scenario file
// in the main process, and most of them name the same twin.
const recent = new Map<string, Inspection<TwinDocument>>()
const RECENT_LIMIT = 16

/**
 * Every problem of a `twin.v1` source, and the document when it has none. Never throws.
 * The same file and text are checked once; each caller gets its own copy of the document.
 * @example
 * const { document, problems } = inspectTwin(text, 'twins/payments.yaml')
 */
export function inspectTwin(source: string, file: string): Inspection<TwinDocument> {
  const key = sourceKey(file, source)
  let inspection = recent.get(key)
  if (!inspection) {
    inspection = finishInspection<TwinDocument>(checkDocument(source, file, 'twin', twinIssues))
    recent.set(key, inspection)
    if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!)
  }
  const document = inspection.document && cloneData(inspection.document)
  // No problems: every tool's input schema compiled (twin-tool-checks.ts).
  if (document) markInputSchemasChecked(document)
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
 * Reads, parses and validates a `twin.v1` file.
 * @throws InvalidDocumentError (a missing file is a problem of that file).
 * @example
 * const twin = await loadTwin('examples/demo-co/twins/payments.yaml')
 */
export async function loadTwin(file: string): Promise<TwinDocument> {
  const path = resolve(file)
  const read = await readSource(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  return parseTwin(read.source, path)
}

/**
 * `loadTwin` without blocking on promises, for Vite plugin transforms.
 * @example
 * const twin = loadTwinSync('examples/demo-co/twins/payments.yaml')
 */
export function loadTwinSync(file: string): TwinDocument {
  const path = resolve(file)
  const read = readSourceSync(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  return parseTwin(read.source, path)
}
