/**
 * Rendered text made stable for inline snapshots: colours go, the machine's
 * paths become `<repo>` and `<tmp>`, measured times become `<time>`, a local
 * server's port `<port>`. What a
 * user reads (names, counts, messages, layout) is kept as it is.
 */
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

/** The repository root, as absolute paths in output start with it. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '')

/**
 * @example
 * normaliseText('\x1b[31m✗\x1b[39m /tmp/agenttwin-x1/a.yaml 12ms') // '✗ <tmp>/a.yaml <time>'
 */
export function normaliseText(text: string, dirs: Record<string, string> = {}): string {
  let out = stripVTControlCharacters(text)
  // Longest first, so a directory inside another is named by its own placeholder.
  const named = Object.entries(dirs).sort(([, a], [, b]) => b.length - a.length)
  for (const [name, dir] of named) out = out.split(dir).join(`<${name}>`)
  return out
    .split(repoRoot)
    .join('<repo>')
    .replace(new RegExp(`${escapeRegExp(tmpdir())}/[\\w.-]+`, 'g'), '<tmp>')
    .replace(/\b\d+(?:\.\d+)?\s?(?:ms|s)\b/g, '<time>')
    .replace(/\b(127\.0\.0\.1|localhost):\d+/g, '$1:<port>')
    .replace(/[ \t]+$/gm, '')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The block of a rendered text that starts at the first line containing
 * `heading` and runs to the blank line that ends it: one case of a report,
 * one section of a command's output. Throws when no line contains it.
 * @example
 * blockOf(renderTerminal(report), 'REGRESSED refund-happy-path') // that case's lines
 */
export function blockOf(text: string, heading: string): string {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => line.includes(heading))
  if (start < 0) throw new Error(`no line contains "${heading}"`)
  const end = lines.findIndex((line, index) => index > start && line.trim() === '')
  return lines.slice(start, end < 0 ? undefined : end).join('\n')
}

/** The lines of a rendered text that contain `text`, in order. */
export function linesWith(rendered: string, text: string): string[] {
  return rendered.split('\n').filter((line) => line.includes(text))
}
