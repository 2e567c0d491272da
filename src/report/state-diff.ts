import { structuredPatch } from 'diff'
import { prettyJson } from '../core/canonical-json.ts'
import type { JsonObject } from '../core/json.ts'

/** A line of a final-state diff: `hunk` headers, `context`, `removed` (baseline), `added` (candidate). */
export interface StateDiffLine {
  kind: 'hunk' | 'context' | 'removed' | 'added'
  text: string
}

/**
 * The lines that differ between two final states, as canonical pretty JSON
 * (sorted keys), with `context` unchanged lines around each change.
 * @example
 * stateDiffLines({ n: 1 }, { n: 2 }).map((l) => l.text) // ['@@ -1,3 +1,3 @@', '{', '  "n": 1', '  "n": 2', '}']
 */
export function stateDiffLines(
  baseline: JsonObject,
  candidate: JsonObject,
  context = 2,
): StateDiffLine[] {
  const patch = structuredPatch(
    'baseline',
    'candidate',
    `${prettyJson(baseline)}\n`,
    `${prettyJson(candidate)}\n`,
    undefined,
    undefined,
    { context },
  )
  const lines: StateDiffLine[] = []
  for (const hunk of patch.hunks) {
    lines.push({
      kind: 'hunk',
      text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    })
    for (const line of hunk.lines) {
      if (line.startsWith('\\')) continue
      const kind = line[0] === '-' ? 'removed' : line[0] === '+' ? 'added' : 'context'
      lines.push({ kind, text: line })
    }
  }
  return lines
}
