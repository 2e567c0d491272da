import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { withoutByteOrderMark } from '../../core/utf8.ts'
import { renderCheckedHtml } from '../../report/html/index.ts'
import { parseComparisonReport } from '../../report/index.ts'
import type { CliCommand } from '../command.ts'
import { defineVerb, stringOption, usageError } from './cli-options.ts'
import { writeReport } from './write-report.ts'

const USAGE = `Usage: agenttwin report <report.json> [--out <file.html>]

Renders a saved JSON comparison report (from the Vitest reporter, from
\`agenttwin diff --json\`, or from a run merged from shards) as one
self-contained HTML page: the scenarios × pairs matrix, filters, and per case
the two trajectories side by side. The page loads nothing from the network and
runs no script but its own. A report that does not match its schema is refused
with each bad field's position; --out may not name the report itself.

  <report.json>      the JSON report, e.g. reports/agenttwin.json
  --out <file.html>  where to write the page (default: beside the JSON, .html for .json)

Example (with the report of \`agenttwin diff --json reports/agenttwin.json\` or the reporter):
  agenttwin report reports/agenttwin.json --out reports/review.html`

const OPTIONS = { out: { type: 'string' } } as const

/** `agenttwin report`: the HTML page of a saved JSON report. */
export const reportCommand: CliCommand = defineVerb({
  name: 'report',
  summary: 'Render a saved JSON report as a self-contained HTML page',
  usage: USAGE,
  options: OPTIONS,
  async action(parsed, io) {
    const [input, ...rest] = parsed.positionals
    if (!input) return usageError(io, 'report', 'missing <report.json>', USAGE)
    if (rest.length > 0)
      return usageError(io, 'report', `one report at a time, got also ${rest.join(' ')}`, USAGE)
    const file = resolve(io.cwd, input)
    let text: string
    try {
      text = withoutByteOrderMark(readFileSync(file, 'utf8'))
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : String(error)
      return usageError(io, 'report', `${input} ${reason}`, USAGE)
    }
    const out =
      stringOption(parsed, 'out') ??
      (input.endsWith('.json') ? `${input.slice(0, -5)}.html` : `${input}.html`)
    const report = parseComparisonReport(text, input)
    writeReport(io, out, renderCheckedHtml(report), 'HTML report', [file])
    return 0
  },
})
