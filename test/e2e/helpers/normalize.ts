import { fileURLToPath } from 'node:url'

/** The repository root, as the fixtures' absolute paths start with it. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '')

/**
 * Terminal output made stable: measured times become placeholders, absolute
 * paths become `<repo>/...`, trailing spaces go. Everything else (names,
 * counts, messages, code frames) is kept as the user sees it.
 */
export function normalizeOutput(text: string): string {
  return text
    .split(repoRoot)
    .join('<repo>')
    .replace(/ \d+(?:\.\d+)?m?s$/gm, ' <time>')
    .replace(/latency \d+ ms → \d+ ms/g, 'latency <ms> → <ms>')
    .replace(/^(\s*Start at\s+).*$/gm, '$1<time>')
    .replace(/^(\s*Duration\s+).*$/gm, '$1<time>')
    .replace(/[ \t]+$/gm, '')
}

/** The block Vitest prints for one failed test or file, from its `FAIL` line to the next separator. */
export function failureBlock(stderr: string, header: string): string {
  const start = stderr.indexOf(` FAIL  ${header}`)
  if (start === -1) throw new Error(`no FAIL block for "${header}" in:\n${stderr}`)
  const end = stderr.indexOf('⎯⎯⎯', start)
  return stderr.slice(start, end === -1 ? undefined : end).trimEnd()
}
