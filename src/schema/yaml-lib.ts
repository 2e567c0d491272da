/**
 * The `yaml` package, loaded the first time a text is parsed as YAML (or a
 * document written as YAML). A test worker whose documents all come from the
 * kept cache never parses one, and loading the package took about 20 ms of
 * every fresh worker's start.
 */
import { createRequire } from 'node:module'

/** What `import * as yaml from 'yaml'` would give. */
export type YamlLibrary = typeof import('yaml')

let loaded: YamlLibrary | undefined

/**
 * The `yaml` package, loaded on first use (the same module `import` gives).
 * @example
 * const { isMap } = yaml()
 */
export function yaml(): YamlLibrary {
  loaded ??= createRequire(import.meta.url)('yaml') as YamlLibrary
  return loaded
}
