import type { ComparisonReport } from '../../compare/report.ts'
import { caseSection } from './case.ts'
import { filters, matrix } from './matrix.ts'
import { SCRIPT, STYLE } from './page.ts'
import { runErrorsSection, singleCasesSection } from './singles.ts'
import { esc } from './values.ts'

// Nothing may leave the page: no scripts, styles, fonts or images from elsewhere.
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"

/**
 * The comparison as one self-contained HTML page (inline CSS and script, no
 * network): the scenarios × pairs matrix with counts and gates, filters, and
 * per case the two trajectories side by side, under a deep link
 * `#<scenario>/v<candidate>-vs-v<baseline>`. Every value is HTML-escaped.
 * Fields it does not know are ignored, so newer reports still render.
 * @example
 * writeFileSync('reports/agenttwin.html', renderHtml(report))
 */
export function renderHtml(report: ComparisonReport): string {
  const sections = report.pairs.flatMap((pair) => pair.cases.map((item) => caseSection(pair, item)))
  const compared =
    report.pairs.length === 0
      ? '<p>No pair was compared.</p>'
      : `${filters(report)}${matrix(report)}<h2>Cases</h2>${sections.join('\n')}`
  // What was not judged comes first; cases run on one version follow the pairs.
  const body = `${runErrorsSection(report)}${compared}${singleCasesSection(report)}`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="data:,">
<title>AgentTwin comparison: ${esc(report.gate.verdict)}</title>
<style>${STYLE}</style></head>
<body>
<header><h1>AgentTwin comparison</h1>
<p>Overall gate <span class="gate g-${esc(report.gate.verdict)}">${esc(report.gate.verdict)}</span> <span class="muted">${esc(report.gate.reasons.join('; '))}</span></p></header>
${body}
<script>${SCRIPT}</script>
</body></html>
`
}
