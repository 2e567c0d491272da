import {
  COMPARISON_REPORT_SCHEMA,
  COMPARISON_REPORT_SCHEMA_V1,
  type ComparisonReport,
} from '../compare/report.ts'
import { LimitExceededError, resourceLimit } from '../core/limits.ts'
import { lineColumnOf } from '../schema/locate-json.ts'
import { InvalidReportError } from './report-error.ts'
import { type CheckedReport, checkComparisonReport } from './validate.ts'

export { InvalidReportError }

function lineColumn(text: string, position: number): string {
  const { line, column } = lineColumnOf(text, position)
  return `${line}:${column}`
}

/**
 * Reads the text of a saved JSON report (from the reporter, `agenttwin diff
 * --json`, or a `--merge-reports` run) and checks it against the report's
 * JSON Schema (`comparisonReportSchema`) before anything renders it.
 * @throws InvalidReportError naming the file, the position (line:column and
 * JSON path of each bad field) and the fix
 * @example
 * renderHtml(parseComparisonReport(readFileSync(file, 'utf8'), file))
 */
export function parseComparisonReport(text: string, file: string): CheckedReport {
  const maxBytes = resourceLimit('reportBytes')
  const bytes = text.length * 3 > maxBytes ? Buffer.byteLength(text) : text.length
  if (bytes > maxBytes)
    throw new LimitExceededError('reportBytes', `The report ${file}`, bytes, maxBytes)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1]
    const where = position === undefined ? '1:1' : lineColumn(text, Number(position))
    throw new InvalidReportError(
      `${file}:${where} is not valid JSON (${(error as Error).message}). Fix: pass the JSON report the AgentTwin reporter wrote, e.g. reports/agenttwin.json.`,
    )
  }
  const report = value as Partial<ComparisonReport> | null
  if ((report as { schema?: unknown } | null)?.schema === COMPARISON_REPORT_SCHEMA_V1) {
    throw new InvalidReportError(
      `${file}:1:1 is a "${COMPARISON_REPORT_SCHEMA_V1}" report, written by an older agenttwin; this version renders "${COMPARISON_REPORT_SCHEMA}". Fix: regenerate it by rerunning the tests with the AgentTwin reporter (or \`agenttwin diff --json\`); \`agenttwin mine\` still reads the old report.`,
    )
  }
  if (typeof report !== 'object' || report === null || report.schema !== COMPARISON_REPORT_SCHEMA) {
    const found =
      typeof report === 'object' && report !== null ? JSON.stringify(report.schema) : typeof report
    throw new InvalidReportError(
      `${file}:1:1 is not an AgentTwin comparison report: "schema" is ${found}, expected "${COMPARISON_REPORT_SCHEMA}". Fix: pass the JSON report the AgentTwin reporter wrote, e.g. reports/agenttwin.json.`,
    )
  }
  return checkComparisonReport(report, { file, text })
}
