import { readFile } from 'node:fs/promises'
import { dirname, relative, resolve, sep } from 'node:path'
import { mineCase } from '../../mine/from-case.ts'
import { mineTrace } from '../../mine/from-trace.ts'
import { readMineInput, scenarioFileOf } from '../../mine/read-source.ts'
import { loadScenario, loadTwin } from '../../schema/index.ts'
import type { CliCommand } from '../command.ts'
import { refuseOverwritingInput, writeOutputFile } from '../output-path.ts'
import { defineVerb, stringOption, usageError } from './cli-options.ts'
import { UnreadableFileError } from './unreadable-file.ts'

const USAGE = `Usage: agenttwin mine <report.json|caserun.json> --case <scenario> [--side candidate|baseline]
                     [--out <file>] [--twin <twin.yaml>]
       agenttwin mine <trace.json|messages.json> --twin <twin.yaml> [--out <file>]

Turns a recorded case into a scenario file that reproduces it: the input and
seed, the initial state as overrides over the twin's fixtures, every fault that
fired as a rule at the same call number, and the expectations that did not pass
(plus noDuplicateSideEffect and outcomeVerified when the twin saw a write), with
a comment naming the source. From an OTLP JSON trace (GenAI conventions): the
invoke_agent input, and failed execute_tool spans as fault rules where one
catalog fault matches. A conversation (a case with turns, a JSON message list
[{ role, content, tool_calls }], or a trace with one invoke_agent span per
user turn) becomes a conversation scenario, one turn per user message. What
cannot be inferred is a "# TODO" comment.

  <file>             a JSON report (the reporter's or agenttwin diff --json),
                     a CaseRun or the output of agenttwin run --json, OTLP JSON,
                     or a JSON list of chat messages
  --case <id>        the scenario of the case to mine, in a report
  --side <side>      candidate (default) or baseline
  --out <file>       write the scenario there (default: standard output)
  --twin <file>      the twin (needed for a trace, or when the scenario that ran
                     is not at its recorded path)

The twin: path is written relative to where the scenario is written.

Example (with the report of \`agenttwin diff --json reports/agenttwin.json\` or the reporter):
  agenttwin mine reports/agenttwin.json --case example-close-ticket \\
    --out scenarios/mined/example-close-ticket.scenario.yaml`

const OPTIONS = {
  case: { type: 'string' },
  side: { type: 'string', value: { oneOf: ['candidate', 'baseline'] } },
  out: { type: 'string' },
  twin: { type: 'string' },
} as const

function twinPathFrom(base: string, twinFile: string): string {
  const path = relative(base, twinFile).split(sep).join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/** `agenttwin mine`: a recorded case or a trace, as a scenario file. */
export const mineCommand: CliCommand = defineVerb({
  name: 'mine',
  summary: 'Turn a recorded case or an OTLP trace into a scenario that reproduces it',
  usage: USAGE,
  options: OPTIONS,
  async action(options, io) {
    const [sourceArg] = options.positionals
    if (options.positionals.length !== 1 || sourceArg === undefined) {
      return usageError(io, 'mine', 'expected one <report.json|caserun.json|trace.json>', USAGE)
    }
    const side = stringOption(options, 'side') ?? 'candidate'
    if (side !== 'candidate' && side !== 'baseline') {
      return usageError(io, 'mine', `--side ${side} is not candidate or baseline`, USAGE)
    }
    const out = stringOption(options, 'out')
    const outFile = out ? resolve(io.cwd, out) : undefined
    const base = outFile ? dirname(outFile) : io.cwd
    const twinArg = stringOption(options, 'twin')
    const twinFile = twinArg ? resolve(io.cwd, twinArg) : undefined
    const file = resolve(io.cwd, sourceArg)
    const inputs = [file, ...(twinFile ? [twinFile] : [])]
    if (outFile) refuseOverwritingInput(inputs, outFile)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      throw new UnreadableFileError(sourceArg, error)
    }
    const input = readMineInput(text, sourceArg, { scenario: stringOption(options, 'case'), side })
    let yaml: string
    if (input.kind === 'trace') {
      if (!twinFile) return usageError(io, 'mine', 'a trace needs --twin <twin.yaml>', USAGE)
      const twin = await loadTwin(twinFile)
      yaml = mineTrace({
        spans: input.spans,
        ...(input.transcript && { transcript: input.transcript }),
        twin,
        twinPath: twinPathFrom(base, twinFile),
        source: sourceArg,
      })
    } else {
      const scenarioFile = scenarioFileOf(input.run, io.cwd)
      const loaded = scenarioFile ? await loadScenario(scenarioFile) : undefined
      const chosenTwin = twinFile ?? loaded?.twinFile
      if (scenarioFile) inputs.push(scenarioFile)
      if (chosenTwin) inputs.push(chosenTwin)
      if (!chosenTwin) {
        return usageError(
          io,
          'mine',
          `the scenario that ran (${input.run.scenario.file ?? 'no path recorded'}) is not readable here; pass --twin <twin.yaml>`,
          USAGE,
        )
      }
      const twin = twinFile ? await loadTwin(twinFile) : loaded!.twin
      yaml = mineCase({
        run: input.run,
        failed: input.failed,
        scenario: loaded?.document,
        fixtures: twin.state,
        twinPath: twinPathFrom(base, chosenTwin),
        source: sourceArg,
      })
    }
    if (!outFile) {
      io.stdout(yaml)
      return 0
    }
    refuseOverwritingInput(inputs, outFile)
    writeOutputFile(outFile, yaml)
    io.stderr(`agenttwin mine: wrote ${out}\n`)
    return 0
  },
})
