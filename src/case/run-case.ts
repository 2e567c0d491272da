import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { CaseRun } from '../core/case-run.ts'
import type { JsonObject } from '../core/json.ts'
import { createFaultPolicy, type FaultRuleInput } from '../faults/index.ts'
import type { UnhandledRequest } from '../http/errors.ts'
import type { Interception, ScopeOptions } from '../http/interception.ts'
import { holdInterception, type InterceptionHold } from '../http/shared-interception.ts'
import {
  cassettePath,
  createModelSession,
  DEFAULT_MODEL_HOSTS,
  type ModelSession,
  type ModelsOptions,
  modelFetch,
  modelTraffic,
  resolveModelMode,
} from '../models/index.ts'
import { conversationPlan } from '../scenario/conversation.ts'
import type { PinnedCase } from '../scenario/pin.ts'
import type { Agent } from '../scenario/types.ts'
import { createSpanCollector } from '../trace/span-collector.ts'
import { createTwin, finishTwin } from '../twin/create-twin.ts'
import type { Twin } from '../twin/types.ts'
import { type AgentOutcome, buildCaseRun } from './case-run.ts'
import { DEFAULT_CASE_TIMEOUT_MS } from './case-timeout.ts'
import { createModelSimulator } from './model-user.ts'
import { type PlayedConversation, playConversation } from './play-conversation.ts'
import { createReplySimulator } from './user-simulator.ts'
import { createUserTurns, type UserTurns } from './user-turns.ts'

export interface RunCaseOptions {
  /** Default {@link DEFAULT_CASE_TIMEOUT_MS}. */
  timeoutMs?: number
  /**
   * The test network to serve the twin on. Default: a hold on the process's
   * shared interception for this case (see `holdInterception`), released afterwards.
   */
  interception?: Interception
  /** Overrides the scenario's `transport`, to run one scenario over HTTP and over MCP. */
  transport?: 'http' | 'mcp'
  /** Extra fault rules given in code, checked after the scenario's own. */
  faults?: readonly FaultRuleInput[]
  /** Model traffic: hosts, mode, cassettes. Default: OpenAI and Anthropic, mode by `resolveModelMode`. */
  models?: CaseModelsOptions
  /**
   * The baseline's run of this case, in a pair: the candidate gets the
   * baseline's simulated user turns for as long as the conversation so far is
   * the same (`CaseTurn.by: 'baseline'`), the simulator's own from then on.
   */
  pinUser?: CaseRun
}

/** `models` of a case run: the user's options plus what the runner knows. */
export interface CaseModelsOptions extends ModelsOptions {
  /** `--models` of the CLI; wins over the environment and the option. */
  cli?: string
  /** The test file named in the re-record hint. */
  testFile?: string
  /** Trial index, for a cassette per trial. Default 0. */
  trial?: number
  /** The side of a pair whose sides run their own seeds: its own cassettes. */
  side?: 'baseline' | 'candidate'
}

/** Where a case's cassettes live: the option, else `__cassettes__` beside the scenario file. */
export function cassetteDirOf(scenarioFile: string | undefined, options: ModelsOptions): string {
  return (
    options.cassetteDir ??
    join(scenarioFile ? dirname(scenarioFile) : process.cwd(), '__cassettes__')
  )
}

function modelSession(
  pinned: PinnedCase,
  agent: Agent,
  options: CaseModelsOptions = {},
  role: 'agent' | 'user' = 'agent',
): ModelSession {
  const { mode, ci } = resolveModelMode({ option: options.mode, cli: options.cli })
  const dir = cassetteDirOf(pinned.scenario.file, options)
  const agentRef = { name: agent.name, version: agent.version }
  return createModelSession({
    ...options,
    mode,
    ci,
    hosts: options.hosts ?? DEFAULT_MODEL_HOSTS,
    file: cassettePath(dir, pinned.scenario.id, agentRef, options.trial, role, options.side),
    caseId: pinned.scenario.id,
    agent: agentRef,
    testFile: options.testFile ?? pinned.scenario.file,
  })
}

/**
 * Runs one pinned scenario against one agent version: a fresh twin from the
 * pinned documents, faults from the pinned seed, every tool request served by
 * the twin and nothing let out. Never throws for the agent's sake: an agent
 * that throws, hangs, returns something malformed or makes a request no twin
 * handles gives an unfinished case with the reason.
 * @example
 * const [pinned] = pinSelection([await loadScenario('refund-happy-path.scenario.yaml')]).cases
 * const run = await runCase(pinned, agents['v1.2.4'])
 * run.finalState.orders['ORD-1001'].refund_count // what the payment system shows
 */
export async function runCase(
  pinned: PinnedCase,
  agent: Agent,
  options: RunCaseOptions = {},
): Promise<CaseRun> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS
  const rules = [...(pinned.document.faults ?? []), ...(options.faults ?? [])]
  // Checked against the twin's own tools, before the first await, so an error names the caller's line.
  const toolNames = pinned.twinDocument.tools.map((tool) => tool.name)
  const twin = createTwin(pinned.twinDocument, {
    stateOverrides: pinned.document.state as JsonObject | undefined,
    faults:
      rules.length > 0
        ? createFaultPolicy(rules, {
            seed: pinned.seed,
            toolNames,
            twinName: pinned.twinDocument.metadata.name,
          })
        : undefined,
  })
  const models = modelSession(pinned, agent, options.models)
  const user = simulatedUser(pinned, agent, twin, options)
  const started = performance.now()
  let outcome: AgentOutcome = {}
  let played: PlayedConversation | undefined
  const late = lateRequests(`case ${pinned.scenario.id}`)
  let scope: { readonly unhandled: Interception['unhandled'] } | undefined
  let network: Interception | undefined
  let hold: InterceptionHold | undefined
  const collector = createSpanCollector()
  // Loaded only for MCP scenarios: the MCP SDK is an optional peer.
  const mcp =
    (options.transport ?? pinned.document.transport) === 'mcp'
      ? (await import('../mcp/serve-mcp.ts')).serveMcp(twin)
      : undefined
  try {
    if (!options.interception) hold = holdInterception('runCase')
    network = options.interception ?? hold!.interception
    // The twin and the model traffic serve this run's async context only, so cases can run at once on one interception.
    outcome = await network.scope(
      [twin],
      async (own) => {
        scope = own
        played = await playConversation(agent, pinned, twin, {
          timeoutMs,
          // A request the agent did not await is late from here: it must not land in the case.
          onAgentDone: () => own.stopServing(),
          trace: { exporter: collector.exporter },
          ...(mcp && { mcpUrl: mcp.url }),
          users: user.turns,
        })
        return played.outcome
      },
      { ...late.options, traffic: modelTraffic(models) },
    )
  } catch (error) {
    // The network could not be set up (another interception active, this one disposed).
    twin.dispose()
    throw error
  } finally {
    await mcp?.close()
    // A hold we took must end even if the run was abandoned.
    hold?.release()
  }
  const latencyMs = Math.round(performance.now() - started)
  // From here on a late request is no longer this case's: it fails the test that owns it.
  const refused = [...(scope?.unhandled ?? []), ...late.close()]
  // The agent's own failure (an SDK throwing on the refusal) follows from the miss: the miss is the cause.
  if (models.error) outcome = { error: { kind: 'model-cassette', message: models.error } }
  else if (user.session?.error) {
    const message = `The simulated user's ${user.session.error.replace(/^Model/, 'model')}`
    outcome = { error: { kind: 'model-cassette', message } }
  }
  // The twin answers nothing more: its records and state become the CaseRun's without a copy.
  const run = buildCaseRun(twin, {
    finished: finishTwin(twin),
    scenario: pinned.scenario,
    twin: pinned.twin,
    seed: pinned.seed,
    agent,
    input: played?.input ?? pinned.document.input ?? null,
    ...(played?.turns && { conversation: played.turns }),
    latencyMs,
    outcome,
    refused,
    modelHosts: models.hosts,
  })
  void collector.exporter.shutdown()
  const spans = collector.spans()
  if (spans.length > 0) run.trace = { source: 'exporter', spans }
  const caseUser = user.turns.finish(played?.played ?? 0, outcome.error !== undefined)
  if (caseUser) {
    const userTraffic = user.session?.finish()
    // The user's tokens are kept apart: `metrics.tokens` stays the agent's.
    if (userTraffic && userTraffic.llm !== 'scripted') caseUser.models = userTraffic
    run.user = caseUser
  }
  const traffic = models.finish()
  // A model request the guard refused (outside the session) outranks what the session answered.
  run.llm = run.llm === 'refused' ? 'refused' : traffic.llm
  if (traffic.calls.length > 0) {
    run.models = traffic
    // The provider's own counts, not what the agent reports about itself.
    run.metrics.tokens = { input: traffic.totals.inputTokens, output: traffic.totals.outputTokens }
  }
  return run
}

/** The user's side of a case: its turns, and the model session of a language-model user. */
function simulatedUser(
  pinned: PinnedCase,
  agent: Agent,
  twin: Twin,
  options: RunCaseOptions,
): { turns: UserTurns; session?: ModelSession } {
  const plan = conversationPlan(pinned.document)
  const user = plan.user
  const pin = options.pinUser
  if (!user) return { turns: createUserTurns({ plan, twin }) }
  if (user.replies) {
    const simulator = createReplySimulator(user)
    return { turns: createUserTurns({ plan, twin, simulator, ...(pin && { pin }) }) }
  }
  const session = modelSession(pinned, agent, options.models, 'user')
  const tools = twin.tools.filter((tool) => tool.actor === 'user')
  const simulator = createModelSimulator(user, tools, modelFetch(session))
  return { turns: createUserTurns({ plan, twin, simulator, ...(pin && { pin }) }), session }
}

/**
 * The requests sent after a case's scope ended that are still the case's (until `close()`).
 * A function of its own so that the scope's options, which an ended scope may keep for a
 * while, hold only this list and not the case's twin, records and agent.
 */
function lateRequests(label: string): {
  options: ScopeOptions
  close(): UnhandledRequest[]
} {
  let open = true
  const late: UnhandledRequest[] = []
  return {
    options: {
      label,
      // A request the agent did not await is this case's until the case is built.
      onLate: (request) => {
        if (!open) return false
        late.push(request)
        return true
      },
    },
    close() {
      open = false
      return late
    },
  }
}
