import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import type { ComparisonReport } from '../../../compare/index.ts'
import { type PartialSelection, projectWords, type RunError } from '../../../compare/report.ts'
import { leftUnjudged } from '../../../compare/run-errors.ts'
import { writeJsonFile } from '../../../core/pretty-json.ts'
import { endSentence } from '../../../core/sentence.ts'
import { unwritableReason } from '../../../core/unwritable.ts'
import { writeTextPieces } from '../../../core/write-pieces.ts'
import {
  htmlPieces,
  InvalidReportError,
  renderMarkdown,
  renderTerminal,
  terminalColor,
} from '../../../report/index.ts'
import type { AgentTwinReporterOptions } from '../../shared/options.ts'
import {
  type CollectedPair,
  collectPairs,
  collectSingleCases,
  compareCollected,
} from './collect.ts'
import { collectRunErrors } from './run-errors.ts'
import { mergeSelections, selectionOf } from './selection.ts'

function htmlBeside(json: string): string {
  return json.endsWith('.json') ? `${json.slice(0, -'.json'.length)}.html` : `${json}.html`
}

/** The files of a pair's project that did not load: the pair's selection was not all judged. */
function loadFailuresOf(pair: CollectedPair, errors: readonly RunError[]): RunError[] {
  return errors.filter((error) => error.kind === 'load-failure' && error.project === pair.project)
}

/**
 * Prints the paired comparison after the run: per pair a side-by-side summary
 * and the gate, then each case that changed with its first divergence; the
 * cases run on one version without a pair; and every file that did not load,
 * error outside a test and failed test written by hand, which block the gate.
 * Writes the versioned JSON report, the HTML report and, on GitHub Actions, a
 * step summary, for every run that ran or tried to run an AgentTwin case. Works beside Vitest's
 * default reporter, and rebuilds the same report from `--merge-reports`
 * blobs as from one unsharded run.
 * @example
 * // vitest.config.ts
 * test: { reporters: ['default', new AgentTwinReporter({ outputFile: 'reports/demo.json' })] }
 */
export class AgentTwinReporter implements Reporter {
  /** The report of the last run, for programmatic use. */
  report: ComparisonReport | undefined
  private vitest: Vitest | undefined
  private readonly options: AgentTwinReporterOptions

  constructor(options: AgentTwinReporterOptions = {}) {
    this.options = options
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown> = [],
  ): void {
    const runErrors = collectRunErrors(this.vitest, modules, unhandledErrors)
    const pairs = collectPairs(modules)
    const singleCases = collectSingleCases(modules)
    // Failed tests written by hand join a report; alone (no scenario case ran or tried to) they make none.
    if (pairs.length === 0 && singleCases.length === 0 && !runErrors.some(leftUnjudged)) return
    const selections = pairs.map((pair) => selectionOf(this.vitest, pair, runErrors))
    const partial = mergeSelections(selections)
    const { report: whole } = compareCollected(pairs, { singleCases, runErrors })
    const report = partial ? { ...whole, partial } : whole
    this.report = report
    const color = this.options.color ?? terminalColor()
    this.log(renderTerminal(report, { color }))
    if (partial) {
      this.log(
        `AgentTwin: partial run: ${partial.ran.length} of ${partial.ran.length + partial.notRun.length} scenario files compared; not run: ${partial.notRun.join(', ')}. The report covers only these.`,
      )
    }
    this.writeJson(report)
    this.writeHtml(report)
    this.writeStepSummary(report, pairs, runErrors)
    this.checkExpectedGates(pairs, report, selections, runErrors)
  }

  /** `v1.3.0 vs v1.2.4`, as the pair option names its versions, with its project when the report names projects. */
  private static pairName(pair: CollectedPair, report: ComparisonReport, index: number): string {
    const { candidate, baseline } = pair.meta.pair
    return `${candidate} vs ${baseline}${projectWords(report.pairs[index]?.project)}`
  }

  private log(text: string): void {
    if (this.vitest) this.vitest.logger.log(text)
    else process.stdout.write(`${text}\n`)
  }

  private root(): string {
    return this.vitest?.config.root ?? process.cwd()
  }

  private writeJson(report: ComparisonReport): void {
    const target = this.options.outputFile ?? 'reports/agenttwin.json'
    if (target === false) return
    const file = resolve(this.root(), target)
    const written = this.writeFileOf('report', file, 'outputFile', () =>
      writeJsonFile(file, report),
    )
    if (written) this.log(`AgentTwin report written to ${file}`)
  }

  private writeHtml(report: ComparisonReport): void {
    const json = this.options.outputFile ?? 'reports/agenttwin.json'
    const target = this.options.htmlFile ?? (json === false ? false : htmlBeside(json))
    if (target === false) return
    const file = resolve(this.root(), target)
    let page: Iterable<string>
    try {
      page = htmlPieces(report)
    } catch (error) {
      // A report that does not match its schema is never rendered; the run fails with the located problems.
      if (!(error instanceof InvalidReportError)) throw error
      this.log(`AgentTwin HTML report not written: ${error.message} [${error.code}]`)
      process.exitCode = 1
      return
    }
    // A case at a time: a run of many pairs never holds its whole page.
    const written = this.writeFileOf('HTML report', file, 'htmlFile', () =>
      writeTextPieces(file, page),
    )
    if (written) this.log(`AgentTwin HTML report written to ${file}`)
  }

  /**
   * Runs `write` for a report file, its folder made first. A file the system
   * refuses (a folder of that name, no permission, a full disk) fails the run
   * with one line naming the file, why and the option to change, instead of
   * an unhandled error from inside the reporter: a report not written is
   * never a quiet pass.
   */
  private writeFileOf(
    what: string,
    file: string,
    option: 'outputFile' | 'htmlFile' | 'stepSummaryFile',
    write: () => void,
  ): boolean {
    try {
      mkdirSync(dirname(file), { recursive: true })
      write()
      return true
    } catch (error) {
      const reason = unwritableReason(error)
      if (reason === undefined) throw error
      this.log(
        `AgentTwin ${what} not written to ${file}: ${endSentence(reason)} Fix: set reporter.${option} in agentTwin() to a file you can write, or to false for none.`,
      )
      process.exitCode = 1
      return false
    }
  }

  private writeStepSummary(
    report: ComparisonReport,
    pairs: readonly CollectedPair[],
    runErrors: readonly RunError[],
  ): void {
    if (this.options.stepSummaryFile === false) return
    const given = this.options.stepSummaryFile ?? process.env.GITHUB_STEP_SUMMARY
    if (!given) return
    // Relative to the project root, as the other report files are.
    const file = resolve(this.root(), given)
    // A gate blocked by a file that did not load was not reached "as declared".
    const declaredGates = pairs.map((pair) =>
      loadFailuresOf(pair, runErrors).length > 0 ? undefined : pair.meta.pair.expectGate,
    )
    this.writeFileOf('step summary', file, 'stepSummaryFile', () =>
      appendFileSync(file, `${renderMarkdown(report, { declaredGates })}\n`),
    )
  }

  /**
   * A pair declared `expectGate` fails the run when its gate is anything
   * else, judged only when the pair's whole selection ran and loaded.
   */
  private checkExpectedGates(
    pairs: readonly CollectedPair[],
    report: ComparisonReport,
    selections: readonly (PartialSelection | undefined)[],
    runErrors: readonly RunError[],
  ): void {
    pairs.forEach((pair, index) => {
      const name = AgentTwinReporter.pairName(pair, report, index)
      const expected = pair.meta.pair.expectGate
      const actual = report.pairs[index]?.gate.verdict
      if (!expected) return
      const failed = loadFailuresOf(pair, runErrors)
      if (failed.length > 0) {
        const files = failed.map((error) => error.file).join(', ')
        this.log(
          `AgentTwin: ${name}: expectGate '${expected}' was not judged, because ${failed.length === 1 ? 'a scenario file' : `${failed.length} scenario files`} did not load (${files}); the run fails until ${failed.length === 1 ? 'it loads' : 'they load'}.`,
        )
        process.exitCode = 1
        return
      }
      const partial = selections[index]
      if (partial) {
        this.log(
          `AgentTwin: ${name}: expectGate '${expected}' was not judged, because ${partial.notRun.length} of its scenario files did not run (a --changed run, a file filter or a shard); this part gated ${actual}.`,
        )
        return
      }
      if (expected === actual) {
        this.log(`AgentTwin: ${name} gated ${actual}, as declared (expectGate: '${expected}').`)
        return
      }
      this.log(
        `AgentTwin: ${name} was expected to gate ${expected} but gated ${actual}; the run fails. Update expectGate if the change is intended.`,
      )
      process.exitCode = 1
    })
  }
}
