import type { ValidateFunction } from 'ajv'
import type { ComparisonReport } from '../compare/report.ts'
import { comparisonReportSchema } from '../compare/report-schema.ts'
import { pathPastDepth } from '../core/depth.ts'
import { type DocumentProblem, formatProblem } from '../core/errors.ts'
import { limitVariable, resourceLimit } from '../core/limits.ts'
import { pathProblems } from '../core/state-path.ts'
import { ajvIssues } from '../schema/ajv-issues.ts'
import { formatFieldPath } from '../schema/field-path.ts'
import { locateJsonValue } from '../schema/locate-json.ts'
import { createDocumentAjv, loadStandaloneValidators } from '../schema/validators.ts'
import { InvalidReportError } from './report-error.ts'
import { REPORT_VALIDATOR_FILE } from './report-validator-file.ts'

/**
 * Nesting levels a report may have: four times the nesting depth limit
 * (`AGENTTWIN_MAX_DEPTH`, 64 unless raised, so 256). A report wraps tool
 * arguments and twin state (each held to that limit as documents and request
 * bodies) in a dozen levels of its own; past this, a report is hostile or
 * broken, and the renderers must not walk it. Raising the depth limit for runs
 * with deeper values raises this with it, so their reports still render.
 */
export function maxReportDepth(): number {
  return resourceLimit('depth') * 4
}

/** A path in a message is cut after this many segments: the place, not a 2 KB trail. */
const SHOWN_SEGMENTS = 16

/** Problems listed in one error: the first ones point at the cause, the rest is a count. */
const SHOWN_PROBLEMS = 10

declare const checked: unique symbol

/**
 * A comparison report that matched `comparisonReportSchema`: the only kind
 * the renderers read. Only {@link checkComparisonReport} makes one.
 */
export type CheckedReport = ComparisonReport & { readonly [checked]: true }

let validator: ValidateFunction | undefined

/** Where the report came from: its file name, and its text when it was read from one (for line:column). */
export interface ReportSource {
  file: string
  text?: string
}

function problemAt(
  source: ReportSource,
  path: (string | number)[],
  message: string,
  fix: string,
): DocumentProblem {
  const where =
    source.text === undefined ? { line: 1, column: 1 } : locateJsonValue(source.text, path)
  const shown =
    path.length > SHOWN_SEGMENTS
      ? `${formatFieldPath(path.slice(0, SHOWN_SEGMENTS))}… (${path.length} levels)`
      : formatFieldPath(path)
  return { file: source.file, ...where, path: shown, message, fix }
}

function refuse(source: ReportSource, problems: DocumentProblem[]): never {
  const shown = problems.slice(0, SHOWN_PROBLEMS).map(formatProblem)
  if (problems.length > SHOWN_PROBLEMS) shown.push(`… and ${problems.length - SHOWN_PROBLEMS} more`)
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  throw new InvalidReportError(
    `${source.file} is not a valid AgentTwin comparison report (${count}):\n${shown.join('\n')}\nFix: regenerate the report with the AgentTwin reporter or \`agenttwin diff --json\`; nothing is rendered from a report that does not match its schema (comparisonReportSchema).`,
  )
}

/**
 * Checks a comparison report against its JSON Schema, and its nesting
 * against {@link maxReportDepth}, before anything renders it: a number is
 * a number, an enumeration one of its values, every required field present.
 * @throws InvalidReportError listing each problem at its JSON path (and line:column when the text is given)
 * @example
 * const report = checkComparisonReport(JSON.parse(text), { file, text })
 */
export function checkComparisonReport(value: unknown, source: ReportSource): CheckedReport {
  const maxDepth = maxReportDepth()
  const deep = pathPastDepth(value, maxDepth)
  if (deep) {
    refuse(source, [
      problemAt(
        source,
        deep,
        `the report nests deeper than ${maxDepth} levels`,
        `regenerate the report; no tool argument or state of a real run nests this deep (a run whose values are deeper needs ${limitVariable('depth')} raised, and reading its report too)`,
      ),
    ])
  }
  validator ??=
    loadStandaloneValidators(REPORT_VALIDATOR_FILE).report ??
    createDocumentAjv().compile(comparisonReportSchema)
  if (validator(value)) {
    const report = value as ComparisonReport
    const problems = statePathProblems(report, source)
    if (problems.length > 0) refuse(source, problems)
    return report as CheckedReport
  }
  // `if`/`then` only repeats that its branch failed; the branch's own errors say why.
  const errors = (validator.errors ?? []).filter((error) => error.keyword !== 'if')
  const issues = ajvIssues(errors, value)
  refuse(
    source,
    issues.map((issue) => problemAt(source, [...issue.path], issue.message, issue.fix)),
  )
}

// What the schema cannot say: a changed path of a final state is text the state-path parser must read.
function statePathProblems(report: ComparisonReport, source: ReportSource): DocumentProblem[] {
  const problems: DocumentProblem[] = []
  report.pairs.forEach((pair, p) => {
    pair.cases.forEach((item, c) => {
      item.state?.changedPaths.forEach((path, index) => {
        const [problem] = pathProblems(path)
        if (!problem) return
        const at = ['pairs', p, 'cases', c, 'state', 'changedPaths', index]
        problems.push(
          problemAt(
            source,
            at,
            `the state path ${JSON.stringify(path)} ${problem.says}`,
            problem.fix,
          ),
        )
      })
    })
  })
  return problems
}
