import { parse as parseYaml } from 'yaml'
import { ManifestError } from './errors.ts'

/** One instruction line of a manifest, with its 1-based line number in the file. */
export interface InstructionLine {
  line: number
  text: string
}

/** An agent manifest: a small front matter (name, version) and the instruction lines. */
export interface Manifest {
  file: string
  name: string
  version: string
  instructions: InstructionLine[]
}

const FENCE = '---'
const LIST_MARKER = /^(?:[-*+]|\d+[.)])\s+/

/**
 * Reads a manifest: `---` front matter with `name` and `version`, then one
 * instruction per line. Blank lines and Markdown headings are not instructions.
 *
 * @example
 * const manifest = parseManifest(readFileSync('manifests/v1.2.4.md', 'utf8'), 'manifests/v1.2.4.md')
 * manifest.version // '1.2.4'
 */
export function parseManifest(text: string, file = '<manifest>'): Manifest {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (lines[0]?.trim() !== FENCE) {
    throw new ManifestError(
      file,
      1,
      'the manifest does not start with front matter',
      'begin the file with "---", then "name: ..." and "version: ...", then "---"',
    )
  }
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === FENCE)
  if (end < 0) {
    throw new ManifestError(
      file,
      1,
      'the front matter is never closed',
      'add a "---" line after it',
    )
  }
  const front = readFrontMatter(lines.slice(1, end).join('\n'), file)
  const instructions: InstructionLine[] = []
  lines.forEach((raw, index) => {
    if (index <= end) return
    const text = raw.trim().replace(LIST_MARKER, '')
    if (text === '' || text.startsWith('#')) return
    instructions.push({ line: index + 1, text })
  })
  if (instructions.length === 0) {
    throw new ManifestError(
      file,
      end + 1,
      'the manifest has no instruction lines',
      'write one instruction per line after the front matter',
    )
  }
  return { file, ...front, instructions }
}

function readFrontMatter(source: string, file: string): { name: string; version: string } {
  let data: unknown
  try {
    data = parseYaml(source)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ManifestError(
      file,
      2,
      `the front matter is not valid YAML (${reason})`,
      'write "key: value" lines',
    )
  }
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const name = fields.name
  const version = fields.version
  if (typeof name !== 'string' || name === '') {
    throw new ManifestError(
      file,
      2,
      'the front matter has no "name"',
      'add "name: demo-co-support"',
    )
  }
  if (typeof version !== 'string' || version === '') {
    throw new ManifestError(
      file,
      2,
      `the front matter has no string "version" (got ${JSON.stringify(version ?? null)})`,
      'add a quoted version such as version: "1.2.4"',
    )
  }
  return { name, version }
}
