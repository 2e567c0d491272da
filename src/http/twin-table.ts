import type { Twin } from '../twin/types.ts'
import { TwinBaseUrlInUseError } from './errors.ts'
import { ownsUrl } from './routes.ts'
import { type RoutedTwin, routeTwin } from './twin-handlers.ts'

/** The twin whose base URL owns `url`; with nested base URLs, the longest base path. */
export function ownerOf(twins: Map<string, RoutedTwin>, url: URL): RoutedTwin | undefined {
  let best: RoutedTwin | undefined
  for (const routed of twins.values()) {
    if (!ownsUrl(routed.surface, url)) continue
    if (!best || routed.surface.basePath.length > best.surface.basePath.length) best = routed
  }
  return best
}

/** Adds a twin under its base URL; a different twin already there is an error. */
export function addTwin(twins: Map<string, RoutedTwin>, twin: Twin): () => void {
  const routed = routeTwin(twin)
  const key = `${routed.surface.origin}${routed.surface.basePath}`
  const existing = twins.get(key)
  if (existing && existing.twin !== twin) {
    throw new TwinBaseUrlInUseError(key, existing.twin.name, twin.name)
  }
  const entry = existing ?? routed
  twins.set(key, entry)
  return () => {
    if (twins.get(key) === entry) twins.delete(key)
  }
}
