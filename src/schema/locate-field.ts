import type { FieldPath } from './field-path.ts'
import { parseYamlSource } from './parse-yaml.ts'

/**
 * The 1-based line and column of a field in a document's text; a field that
 * does not exist points at its nearest existing parent, an unreadable
 * document at 1:1. It parses the text: to point at many fields of one
 * document, ask its parse (`LoadedScenario.locate`) instead.
 * @example
 * locateField(source, 'refund.scenario.yaml', ['expectations', 2]) // { line: 31, column: 5 }
 */
export function locateField(
  source: string,
  file: string,
  path: FieldPath,
): { line: number; column: number } {
  const result = parseYamlSource(source, file)
  return result.ok ? result.parsed.locate(path) : { line: 1, column: 1 }
}
