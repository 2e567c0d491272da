import { resolve } from 'node:path'
import type { CaseRun } from '../../core/case-run.ts'
import type { ExpectationResult } from '../../core/expectation-result.ts'
import { deepFreeze } from '../../core/freeze.ts'
import { effectiveLabel, overrideApplies } from '../../judge/review.ts'
import { terminalColor } from '../../report/index.ts'
import { palette } from '../../report/palette.ts'
import { renderTrajectory } from '../../report/trajectory.ts'
import { pinCase } from '../../scenario/pin.ts'
import { loadScenario } from '../../schema/index.ts'
import type { CliCommand, CliIO } from '../command.ts'
import { loadAgentModule, pickAgent } from './agent-module.ts'
import { CASE_OPTIONS, caseNumbers, caseRunnerOf } from './case-runner.ts'
import { defineVerb, type ParsedOptions, stringOption, usageError } from './cli-options.ts'

const USAGE = `Usage: agenttwin run <scenario> --agent <module>[#export] [--version <v>] [--json] [--timeout <ms>]

Runs one scenario against one agent version outside Vitest: a fresh twin with the
scenario's state and faults answers every tool call, nothing else gets out. Then
prints the twin's record of what happened and one line per expectation.
For debugging, and for teams on other test runners.

  <scenario>         a scenario.v1 file; the twin it names is loaded with it
  --agent <module>   exports an agent, or a record of agents keyed by version
                     (\`agents\` or the default export; #name picks another export)
  --version <v>      which agent of the record (needed when it holds several)
  --json             print { run, results }: the whole CaseRun plus every result
  --timeout <ms>     how long the agent may take (default 30000)
  --seed <n>         seed for a scenario that declares none (default 0)
  --overrides <file> reviewers' overrides to apply: a YAML list of
                     { scenario, agent?, expectation, label, reviewer, note }
  --models <mode>    model traffic: live, record, replay, auto or off
                     (default: AGENTTWIN_MODELS, else replay under CI, else auto)
  --model-hosts <list> model hosts or OpenAI-compatible base URLs, comma-separated
                     (default api.openai.com,api.anthropic.com)
  --cassettes <dir>  where cassettes live (default __cassettes__ beside each scenario)

Judge expectations use the offline keyword-overlap fake (not a language model)
unless AGENTTWIN_JUDGE names a provider.

Exit status: 0 every expectation PASS; 1 any expectation not PASS (ERROR too),
or the case did not finish; 2 usage, document or agent module error.

Example (in a project set up by \`agenttwin init\`):
  agenttwin run scenarios/example.scenario.yaml --agent ./agents.ts --version v1`

const OPTIONS = {
  ...CASE_OPTIONS,
  version: { type: 'string' },
  json: { type: 'boolean' },
} as const

const LABEL_WIDTH = 'HALLUCINATED_SUCCESS'.length

type Env = Record<string, string | undefined>

/** A result's line: the label that counts, id, message, and a reviewer's override when there is one. */
function resultLine(
  result: ExpectationResult,
  results: readonly ExpectationResult[],
  paint: (label: string) => string,
): string {
  const label = effectiveLabel(result, results)
  const critical = result.critical ? ' (critical)' : ''
  const o = result.override
  const counted = overrideApplies(result, results)
    ? 'applied'
    : 'not applied: a deterministic critical check of this case does not pass'
  const override = o
    ? ` [override ${o.originalLabel} → ${o.label} by ${o.reviewer}, ${counted}: ${o.note.trim()}]`
    : ''
  return `  ${paint(label.padEnd(LABEL_WIDTH))}  ${result.id}${critical}: ${result.message}${override}`
}

/** Whether every expectation passes, by the labels that count (overrides included). */
export function allPass(results: readonly ExpectationResult[]): boolean {
  return results.every((result) => effectiveLabel(result, results) === 'PASS')
}

/** The text `run` prints: what the case was, what the twin recorded, each verdict, a summary. */
export function formatCaseRun(run: CaseRun, results: ExpectationResult[], color = false): string {
  const c = palette(color)
  const paint = (label: string) =>
    label.trim() === 'PASS'
      ? c.green(label)
      : label.trim() === 'ERROR'
        ? c.yellow(label)
        : c.red(label)
  const calls = `${run.records.length} tool call${run.records.length === 1 ? '' : 's'}`
  const lines = [
    c.bold(`${run.scenario.id} v${run.scenario.version}: ${run.scenario.title}`),
    `agent ${run.agent.name} ${run.agent.version}, seed ${run.seed}, ${calls}, ${run.metrics.latencyMs} ms`,
  ]
  if (run.result)
    lines.push(`reply (${run.result.outcome}): ${run.result.reply.replace(/\s+/g, ' ')}`)
  if (run.error) lines.push(c.yellow(`did not finish (${run.error.kind}): ${run.error.message}`))
  lines.push('', c.bold("Trajectory (the twin's records)"))
  lines.push(
    ...renderTrajectory(run)
      .split('\n')
      .map((line) => `  ${line}`),
  )
  lines.push(
    '',
    c.bold('Expectations'),
    ...results.map((result) => resultLine(result, results, paint)),
  )
  const failed = results.filter((result) => effectiveLabel(result, results) !== 'PASS')
  const critical = failed.filter((result) => result.critical).length
  const summary =
    failed.length === 0
      ? `${results.length} of ${results.length} expectations passed.`
      : `${results.length - failed.length} of ${results.length} expectations passed; ${failed.length} did not (${critical} critical).`
  lines.push('', run.finished ? summary : `${summary} The case did not finish.`, '')
  return lines.join('\n')
}

async function runScenario(options: ParsedOptions, io: CliIO, env: Env, color: boolean) {
  const [scenarioFile] = options.positionals
  const numbers = caseNumbers(options)
  const agentSpec = stringOption(options, 'agent')
  if (options.positionals.length !== 1 || scenarioFile === undefined) {
    const problem =
      options.positionals.length === 0
        ? 'missing <scenario>'
        : `expected one scenario, got ${options.positionals.join(' ')} (use \`agenttwin diff\` for several)`
    return usageError(io, 'run', problem, USAGE)
  }
  if (agentSpec === undefined) return usageError(io, 'run', 'missing --agent <module>', USAGE)
  if ('problem' in numbers) return usageError(io, 'run', numbers.problem, USAGE)
  const loaded = await loadScenario(resolve(io.cwd, scenarioFile))
  // Loaded here and held by nobody else: frozen, it is pinned without a copy.
  deepFreeze(loaded.twin)
  const pinned = pinCase(
    { file: loaded.file, document: loaded.document, twin: loaded.twin },
    { defaultSeed: numbers.seed },
  )
  const agent = pickAgent(
    await loadAgentModule(agentSpec, io.cwd),
    stringOption(options, 'version'),
    '--version',
  )
  const runner = await caseRunnerOf(options, { cwd: io.cwd, env, timeoutMs: numbers.timeoutMs })
  try {
    const { run, results } = await runner.run(pinned, agent)
    if (options.values.json) io.stdout(`${JSON.stringify({ run, results }, null, 2)}\n`)
    else io.stdout(formatCaseRun(run, results, color))
    return run.finished && allPass(results) ? 0 : 1
  } finally {
    runner.close()
  }
}

/**
 * `agenttwin run`: one scenario, one agent version, outside Vitest.
 * @example
 * const code = await createRunCommand().run(['refund.scenario.yaml', '--agent', 'agents.ts'], io)
 */
export function createRunCommand(options: { env?: Env; color?: boolean } = {}): CliCommand {
  const env = options.env ?? process.env
  const color = options.color ?? terminalColor(env)
  return defineVerb({
    name: 'run',
    summary: 'Run one scenario against one agent version and print each expectation',
    usage: USAGE,
    options: OPTIONS,
    action: (parsed, io) => runScenario(parsed, io, env, color),
  })
}

export const runCommand: CliCommand = createRunCommand()
