import { resolve } from 'node:path'
import { InvalidDocumentError } from '../core/errors.ts'
import { contractIssues } from './contract-checks.ts'
import type { ContractDocument } from './contract-document.ts'
import type { DocumentStore } from './document-store.ts'
import { checkDocument, finishInspection, type Inspection } from './inspect.ts'
import { readSource, readSourceSync } from './read-source.ts'

/**
 * Every problem of a `contract.v1` source, and the document when it has none. Never throws.
 * @example
 * const { document, problems } = inspectContract(text, 'contracts/refund-order.contract.yaml')
 */
export function inspectContract(source: string, file: string): Inspection<ContractDocument> {
  return finishInspection<ContractDocument>(
    checkDocument(source, file, 'contract', (value) => contractIssues(value)),
  )
}

/**
 * `inspectContract` of a contract file as `store` read it: read, parsed and
 * checked once however many expectations name it. The document is shared:
 * callers must not change it.
 */
export function inspectContractIn(
  store: DocumentStore,
  file: string,
): Inspection<ContractDocument> {
  return store.inspect(file, 'contract', (source, parse) =>
    finishInspection<ContractDocument>(
      checkDocument(source, resolve(file), 'contract', (value) => contractIssues(value), parse()),
    ),
  )
}

/**
 * Parses and validates a `contract.v1` document (YAML or JSON text).
 * @throws InvalidDocumentError listing every problem at its file:line:col.
 * @example
 * const contract = parseContract(readFileSync('refund-order.contract.yaml', 'utf8'), 'refund-order.contract.yaml')
 */
export function parseContract(text: string, file: string): ContractDocument {
  const { document, problems } = inspectContract(text, file)
  if (!document) throw new InvalidDocumentError(problems)
  return document
}

/**
 * Reads, parses and validates a `contract.v1` file.
 * @throws InvalidDocumentError (a missing file is a problem of that file).
 * @example
 * const contract = await loadContract('examples/outcome-contracts/contracts/refund-order.contract.yaml')
 */
export async function loadContract(file: string): Promise<ContractDocument> {
  const path = resolve(file)
  const read = await readSource(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  return parseContract(read.source, path)
}

/** `loadContract` without blocking on promises. */
export function loadContractSync(file: string): ContractDocument {
  const path = resolve(file)
  const read = readSourceSync(path)
  if (read.problem) throw new InvalidDocumentError([read.problem])
  return parseContract(read.source, path)
}
