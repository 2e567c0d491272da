import { createHash } from 'node:crypto'
import type { ComparisonReport } from '../../compare/report.ts'
import { type CheckedReport, checkComparisonReport } from '../validate.ts'
import { caseSection } from './case.ts'
import { filters, matrix } from './matrix.ts'
import { SCRIPT, STYLE } from './page.ts'
import { html, type SafeHtml } from './safe-html.ts'
import { runErrorsSection, singleCasesSection } from './singles.ts'

const sha256 = (text: SafeHtml) =>
  `'sha256-${createHash('sha256').update(text.toString(), 'utf8').digest('base64')}'`

/**
 * Nothing may leave the page (no scripts, styles, fonts or images from
 * elsewhere), and nothing inline runs but the page's own script and style,
 * allowed by their hashes: markup that slipped into the page could not run.
 */
export const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src ${sha256(STYLE)}; script-src ${sha256(SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`

/** The page of a report that matched its schema (see {@link renderHtml}). */
export function renderCheckedHtml(report: CheckedReport): string {
  return [...checkedHtmlPieces(report)].join('')
}

/**
 * The page of a report that matched its schema, in pieces: the page's top,
 * then each case's section, then its end. A run of many pairs writes its page
 * one case at a time instead of holding it whole.
 */
function* checkedHtmlPieces(report: CheckedReport): Generator<string> {
  yield pageTop(report).toString()
  // What was not judged comes first, right under the header.
  yield runErrorsSection(report).toString()
  if (report.pairs.length === 0) yield html`<p>No pair was compared.</p>`.toString()
  else {
    yield html`${filters(report)}${matrix(report)}<h2>Cases</h2>`.toString()
    let first = true
    for (const pair of report.pairs) {
      for (const item of pair.cases) {
        yield `${first ? '' : '\n'}${caseSection(pair, item)}`
        first = false
      }
    }
  }
  // Cases run on one version follow the pairs.
  yield singleCasesSection(report).toString()
  // `<\/script>`: the same text once cooked, and a bundler then has no `</script` to rewrite
  // (which would make the raw strings differ and pull in a helper package the install lacks).
  yield html`
<script>${SCRIPT}<\/script>
</body></html>
`.toString()
}

/** The page's head and header, down to the overall gate. */
function pageTop(report: CheckedReport): SafeHtml {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,">
<title>AgentTwin comparison: ${report.gate.verdict}</title>
<style>${STYLE}</style></head>
<body>
<header><h1>AgentTwin comparison</h1>
<p>Overall gate <span class="gate g-${report.gate.verdict}">${report.gate.verdict}</span> <span class="muted">${report.gate.reasons.join('; ')}</span></p></header>
`
}

/**
 * The comparison as one self-contained HTML page (inline CSS and script, no
 * network): the scenarios × pairs matrix with counts and gates, filters, and
 * per case the two trajectories side by side, under a deep link
 * `#<scenario>/v<candidate>-vs-v<baseline>` (led by `<project>/` when the report
 * names projects). The report is checked against its
 * schema first, and every value is escaped on its way into the page; the
 * page's content security policy runs only its own script.
 * @throws InvalidReportError when the report does not match `comparisonReportSchema`
 * @example
 * writeFileSync('reports/agenttwin.html', renderHtml(report))
 */
export function renderHtml(report: ComparisonReport): string {
  return [...htmlPieces(report)].join('')
}

/**
 * {@link renderHtml}'s page in pieces, to write one case at a time
 * (`writeTextPieces`). The report is checked when this is called, before the
 * first piece.
 * @throws InvalidReportError when the report does not match `comparisonReportSchema`
 * @example
 * writeTextPieces('reports/agenttwin.html', htmlPieces(report))
 */
export function htmlPieces(report: ComparisonReport): Iterable<string> {
  return checkedHtmlPieces(checkComparisonReport(report, { file: 'the comparison report' }))
}
