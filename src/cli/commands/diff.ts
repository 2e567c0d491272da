import { dirname, resolve } from 'node:path'
import { pinsUser } from '../../case/user-turns.ts'
import {
  buildReport,
  type ComparisonReport,
  comparePair,
  type SideRuns,
} from '../../compare/index.ts'
import { renderMarkdown, renderTerminal, terminalColor } from '../../report/index.ts'
import { pinSelection, type ScenarioSource } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'
import type { CliCommand, CliIO } from '../command.ts'
import { refuseOverwritingInput } from '../output-path.ts'
import { loadAgentModule, pickAgent } from './agent-module.ts'
import { CASE_OPTIONS, caseNumbers, caseRunnerOf } from './case-runner.ts'
import { defineVerb, type ParsedOptions, stringOption, usageError } from './cli-options.ts'
import { readGateOption } from './gate-option.ts'
import { loadScenarios, scenarioFiles } from './scenario-files.ts'
import { writeReport } from './write-report.ts'

const USAGE = `Usage: agenttwin diff <scenarios...> --agent <module>[#export] --baseline <v> --candidate <v>
                      [--json <file>] [--markdown <file>] [--timeout <ms>] [--gate <policy>]

Compares two versions of an agent outside Vitest. The selection is pinned once
(scenario versions, twins, seeds) and both versions run from that one pin, so
the agent version is the only difference. Prints the report the Vitest reporter
prints: tool calls per side, cases per class, the gate, and for every case that
changed its first divergence and the expectations behind its class.

  <scenarios...>     scenario files, directories of *.scenario.{yaml,yml,json}, or globs
  --agent <module>   exports a record of agents keyed by version
                     (\`agents\` or the default export; #name picks another export)
  --baseline <v>     the version to measure against, e.g. v1.2.4
  --candidate <v>    the version under review, e.g. v1.3.0
  --json <file>      also write the versioned JSON report (agenttwin/comparison-report.v2)
  --markdown <file>  also write the Markdown summary (for a pull request or CI summary)
  --timeout <ms>     how long one agent run may take (default 30000)
  --seed <n>         seed for scenarios that declare none (default 0)
  --overrides <file> reviewers' overrides to apply: a YAML list of
                     { scenario, agent?, expectation, label, reviewer, note }
  --gate <policy>    the plugin's gate policy on one line, e.g.
                     "block=NEW_CRITICAL_FAILURE,REGRESSED,INCOMPLETE;warn="
                     (default: block NEW_CRITICAL_FAILURE,REGRESSED; warn INCOMPLETE;
                     empty=WARN)
  --models <mode>    model traffic: live, record, replay, auto or off
                     (default: AGENTTWIN_MODELS, else replay under CI, else auto)
  --model-hosts <list> model hosts or OpenAI-compatible base URLs, comma-separated
                     (default api.openai.com,api.anthropic.com)
  --cassettes <dir>  where cassettes live (default __cassettes__ beside each scenario)

Judge expectations use the offline keyword-overlap fake (not a language model)
unless AGENTTWIN_JUDGE names a provider.

Exit status: the gate decides. 0 PASS; 1 BLOCK (a new critical failure or a
regression); 3 WARN (e.g. a side that did not finish: unknown is never a pass);
2 usage, document or agent module error.

Example (in a project set up by \`agenttwin init\`, with a v2 added to agents.ts):
  agenttwin diff scenarios --agent ./agents.ts --baseline v1 --candidate v2 --json reports/agenttwin.json`

const OPTIONS = {
  ...CASE_OPTIONS,
  baseline: { type: 'string' },
  candidate: { type: 'string' },
  json: { type: 'string' },
  markdown: { type: 'string' },
  gate: { type: 'string' },
} as const

/** Exit status per gate verdict: a warning is not a pass, so it is not 0 either. */
export const GATE_EXIT_CODES = { PASS: 0, BLOCK: 1, WARN: 3 } as const

type Env = Record<string, string | undefined>

function side(agent: Agent): SideRuns {
  return { agent: { name: agent.name, version: agent.version }, cases: [] }
}

/** Every file the comparison reads: scenarios, their twins, the agent module, the overrides. */
function inputsOf(
  files: readonly string[],
  sources: readonly ScenarioSource[],
  options: ParsedOptions,
  cwd: string,
): string[] {
  const agent = stringOption(options, 'agent') ?? ''
  const hash = agent.lastIndexOf('#')
  const overrides = stringOption(options, 'overrides')
  const twins = sources.map((source) =>
    resolve(cwd, dirname(source.file ?? '.'), source.document.twin),
  )
  return [
    ...files,
    ...twins,
    resolve(cwd, hash === -1 ? agent : agent.slice(0, hash)),
    ...(overrides ? [resolve(cwd, overrides)] : []),
  ]
}

/** The exit status the gate gives, with the note a WARN deserves. */
function gateExit(io: CliIO, report: ComparisonReport): number {
  if (report.gate.verdict === 'WARN') {
    io.stdout(
      `Note: the gate warns (exit status ${GATE_EXIT_CODES.WARN}): look at the cases above before you release, or say with --gate which classes only warn for you.\n`,
    )
  }
  return GATE_EXIT_CODES[report.gate.verdict]
}

async function compare(options: ParsedOptions, io: CliIO, env: Env, color: boolean) {
  const agentSpec = stringOption(options, 'agent')
  const baselineVersion = stringOption(options, 'baseline')
  const candidateVersion = stringOption(options, 'candidate')
  const numbers = caseNumbers(options)
  const missing = [
    options.positionals.length === 0 ? '<scenarios...>' : undefined,
    agentSpec === undefined ? '--agent <module>' : undefined,
    baselineVersion === undefined ? '--baseline <version>' : undefined,
    candidateVersion === undefined ? '--candidate <version>' : undefined,
  ].filter(Boolean)
  if (missing.length > 0) return usageError(io, 'diff', `missing ${missing.join(', ')}`, USAGE)
  if ('problem' in numbers) return usageError(io, 'diff', numbers.problem, USAGE)
  const gateText = stringOption(options, 'gate')
  const gate = gateText === undefined ? undefined : readGateOption(gateText)
  if (gate && 'problem' in gate) return usageError(io, 'diff', gate.problem as string, USAGE)
  const files = await scenarioFiles(options.positionals, io.cwd)
  if (!Array.isArray(files)) return usageError(io, 'diff', files.problem, USAGE)
  const sources = await loadScenarios(files, io.cwd)
  const inputs = inputsOf(files, sources, options, io.cwd)
  const json = stringOption(options, 'json')
  const markdown = stringOption(options, 'markdown')
  // Before any case runs: an output that is an input is refused, not found out afterwards.
  for (const out of [json, markdown]) if (out) refuseOverwritingInput(inputs, resolve(io.cwd, out))
  const selection = pinSelection(sources, { defaultSeed: numbers.seed })
  const loaded = await loadAgentModule(agentSpec as string, io.cwd)
  const baselineAgent = pickAgent(loaded, baselineVersion, '--baseline')
  const candidateAgent = pickAgent(loaded, candidateVersion, '--candidate')
  const runner = await caseRunnerOf(options, { cwd: io.cwd, env, timeoutMs: numbers.timeoutMs })
  io.stderr(
    `Comparing ${candidateAgent.name} ${candidateAgent.version} with ${baselineAgent.version} on ${selection.cases.length} pinned scenario${selection.cases.length === 1 ? '' : 's'}...\n`,
  )
  const baseline = side(baselineAgent)
  const candidate = side(candidateAgent)
  try {
    // One after the other: both versions' twins answer at the same base URL.
    for (const pinned of selection.cases) {
      const base = await runner.run(pinned, baselineAgent)
      baseline.cases.push(base)
      // A simulated user is pinned as in a Vitest pair: the candidate hears the baseline's user.
      const selfPair = baselineAgent.version === candidateAgent.version
      const pin = pinsUser(pinned.document, { selfPair }) ? { pinUser: base.run } : {}
      candidate.cases.push(await runner.run(pinned, candidateAgent, pin))
    }
    const report = buildReport([
      comparePair({ baseline, candidate, ...(gate ? { policy: gate } : {}) }),
    ])
    io.stdout(renderTerminal(report, { color }))
    if (json) writeReport(io, json, `${JSON.stringify(report, null, 2)}\n`, 'report', inputs)
    if (markdown) {
      writeReport(io, markdown, `${renderMarkdown(report)}\n`, 'Markdown summary', inputs)
    }
    return gateExit(io, report)
  } finally {
    runner.close()
  }
}

/**
 * `agenttwin diff`: a paired comparison of two agent versions outside Vitest.
 * @example
 * const code = await createDiffCommand().run(['scenarios', '--agent', 'agents.ts', '--baseline', 'v1', '--candidate', 'v2'], io)
 */
export function createDiffCommand(options: { env?: Env; color?: boolean } = {}): CliCommand {
  const env = options.env ?? process.env
  const color = options.color ?? terminalColor(env)
  return defineVerb({
    name: 'diff',
    summary: 'Compare two agent versions on one pinned selection; the gate sets the exit status',
    usage: USAGE,
    options: OPTIONS,
    action: (parsed, io) => compare(parsed, io, env, color),
  })
}

export const diffCommand: CliCommand = createDiffCommand()
