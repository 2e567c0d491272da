import { resolve } from 'node:path'
import { InvalidDocumentError } from '../core/errors.ts'
import { checkDocument, finishInspection, type Inspection } from './inspect.ts'
import { readSource, readSourceSync } from './read-source.ts'
import { twinIssues } from './twin-checks.ts'
import type { TwinDocument } from './twin-document.ts'
import { markInputSchemasChecked } from './validators.ts'

/**
 * Every problem of a `twin.v1` source, and the document when it has none. Never throws.
 * @example
 * const { document, problems } = inspectTwin(text, 'twins/payments.yaml')
 */
export function inspectTwin(source: string, file: string): Inspection<TwinDocument> {
  const inspection = finishInspection<TwinDocument>(checkDocument(source, file, 'twin', twinIssues))
  // No problems: every tool's input schema compiled (twin-tool-checks.ts).
  if (inspection.document) markInputSchemasChecked(inspection.document)
  return inspection
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
