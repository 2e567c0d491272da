import type { TwinDocument } from './twin-document.ts'

declare const checkedTwinBrand: unique symbol

/**
 * A twin document the loader checked: schema, references and every tool's
 * input schema compiled with the input-schema settings. Only the loader makes
 * one (and a worker taking the twin the main process's loader prepared), so a
 * twin built from it compiles each tool's validator on first call instead of
 * all of them up front.
 */
export type CheckedTwinDocument = TwinDocument & { readonly [checkedTwinBrand]: true }

// The documents the loader passed, by identity: a copy (a clone, a JSON round trip) is checked again.
const checked = new WeakSet<object>()

/**
 * Brands a twin document the loader found valid. Called by the loader only.
 * @example
 * const twin = checkedTwin(inspection.document)
 */
export function checkedTwin(document: TwinDocument): CheckedTwinDocument {
  checked.add(document)
  return document as CheckedTwinDocument
}

/** Whether the loader passed this very document object (see {@link checkedTwin}). */
export function isCheckedTwin(document: object): document is CheckedTwinDocument {
  return checked.has(document)
}
