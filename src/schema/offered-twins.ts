/**
 * Twins the Vitest main process already loaded and checked, offered to a test
 * file by path with the digest of the bytes it checked. A scenario module
 * offers its twin before the agents module runs, so an agent module that
 * loads the same file to wrap its own tools (`loadTwinSync`, `loadTwin`)
 * gets a copy instead of parsing and checking the YAML again. The file is
 * still read and hashed: a twin that changed since is loaded anew.
 */
import type { TwinDocument } from './twin-document.ts'

/** By absolute path: one entry per twin file a worker's scenarios name, replaced when it changes. */
const offered = new Map<string, { digest: string; document: TwinDocument }>()

/**
 * Offers `document`, checked from the bytes of `file` whose digest is `digest`.
 * @example
 * offerCheckedTwin('/project/twins/shop.twin.yaml', prepared.inputs[1].digest, prepared.twin)
 */
export function offerCheckedTwin(file: string, digest: string, document: TwinDocument): void {
  offered.set(file, { digest, document })
}

/** The document offered for `file` when its bytes are still the ones checked (`digest`), else `undefined`. */
export function offeredTwin(file: string, digest: string | undefined): TwinDocument | undefined {
  const known = offered.get(file)
  return known && digest !== undefined && known.digest === digest ? known.document : undefined
}
