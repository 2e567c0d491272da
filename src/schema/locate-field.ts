import type { FieldPath } from './field-path.ts'
import { type ParsedSource, parseYamlSource } from './parse-yaml.ts'
import { sourceKey } from './source-key.ts'

const recent = new Map<string, ParsedSource | undefined>()
const RECENT_LIMIT = 16

/**
 * The 1-based line and column of a field in a document's text; a field that
 * does not exist points at its nearest existing parent, an unreadable
 * document at 1:1. Recent sources are cached, so asking once per
 * expectation parses the text once.
 * @example
 * locateField(source, 'refund.scenario.yaml', ['expectations', 2]) // { line: 31, column: 5 }
 */
export function locateField(
  source: string,
  file: string,
  path: FieldPath,
): { line: number; column: number } {
  const key = sourceKey(file, source)
  let parsed = recent.get(key)
  if (!recent.has(key)) {
    const result = parseYamlSource(source, file)
    parsed = result.ok ? result.parsed : undefined
    recent.set(key, parsed)
    if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!)
  }
  return parsed ? parsed.locate(path) : { line: 1, column: 1 }
}
