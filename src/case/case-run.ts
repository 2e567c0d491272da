import type { AgentResult, CaseError, CaseRefusal, CaseRun, CaseTool } from '../core/case-run.ts'
import type { CaseTurn } from '../core/conversation.ts'
import type { JsonValue } from '../core/json.ts'
import { DEFAULT_SECRET_POLICY } from '../core/secret-policy.ts'
import { describeLate, describeUnhandled, type UnhandledRequest } from '../http/errors.ts'
import { servableByTwin } from '../http/network-guard.ts'
import { DEFAULT_MODEL_HOSTS } from '../models/hosts.ts'
import { isModelRequest } from '../models/llm-label.ts'
import { twinRef } from '../scenario/pin.ts'
import type { ToolDefinition } from '../schema/twin-document.ts'
import { copiedTwin, type FinishedTwin } from '../twin/create-twin.ts'
import type { Twin } from '../twin/types.ts'
import { agentResultProblems, normaliseAgentResult } from './agent-result.ts'

/** How a case ended on the agent's side: a checked result, or why there is none. */
export interface AgentOutcome {
  result?: AgentResult
  error?: CaseError
}

/** What a CaseRun says beside the twin's records and state: where the case came from. */
export interface CaseRunParts {
  scenario: CaseRun['scenario']
  /** Default: read from the twin's own document. */
  twin?: CaseRun['twin']
  seed: number
  agent: { name: string; version: string }
  input: JsonValue
  /** A conversation scenario's turns (records carry their turn already). */
  conversation?: CaseTurn[]
  latencyMs: number
  outcome: AgentOutcome
  /** Requests the network guard refused during the case: any one leaves it unfinished. */
  refused?: readonly UnhandledRequest[]
  /** The case's model hosts, to tell a refused model request (`llm: refused`). Default OpenAI and Anthropic. */
  modelHosts?: readonly string[]
  /** The twin's records and states, handed over by `finishTwin` (no copies); default: copies read from the twin. */
  finished?: FinishedTwin
}

/**
 * THE way a CaseRun is assembled, for `runCase` and for tests that drive the
 * agent themselves (`twin.caseRun()`): records, state and tools from the twin,
 * the agent's outcome beside them. Without an error the case finished; a
 * finished case without a result has no claim (claim checks then say `ERROR`).
 * @example
 * const run = buildCaseRun(twin, { scenario, seed: 0, agent, input, latencyMs: 12, outcome: { result } })
 */
export function buildCaseRun(twin: Twin, parts: CaseRunParts): CaseRun {
  const { records, initialState, finalState } = parts.finished ?? copiedTwin(twin)
  const run: CaseRun = {
    schema: 'agenttwin/case-run.v1',
    scenario: { ...parts.scenario },
    twin: { ...(parts.twin ?? twinRef(twin.definition)) },
    seed: parts.seed,
    agent: { name: parts.agent.name, version: parts.agent.version },
    input: structuredClone(parts.input),
    tools: withInjections(twin.tools.map(toCaseTool), twin),
    initialState,
    finalState,
    records,
    ...(parts.conversation && { conversation: structuredClone(parts.conversation) }),
    finished: parts.outcome.error === undefined,
    metrics: { latencyMs: parts.latencyMs, toolCalls: records.length },
  }
  const { result } = parts.outcome
  const refused = parts.refused ?? []
  // A refusal the agent swallowed is still evidence: the case is unfinished whatever it returned.
  const error = parts.outcome.error ?? (refused.length > 0 ? refusalError(refused) : undefined)
  if (refused.length > 0) {
    run.refused = refused.map(toCaseRefusal)
    run.finished = false
  }
  // A model request the guard stopped is model traffic that was refused, whatever else ran.
  const hosts = parts.modelHosts ?? DEFAULT_MODEL_HOSTS
  if (refused.some((request) => isModelRequest(request.url, hosts))) run.llm = 'refused'
  if (error) {
    // An error can quote what the agent sent or was told: no credential reaches the CaseRun.
    run.error = { ...error, message: DEFAULT_SECRET_POLICY.text(error.message) }
  } else if (result) {
    run.result = result
    if (result.tokens) run.metrics.tokens = { ...result.tokens }
  }
  return run
}

/** Marks the tools whose listed description an injection rewrote: evidence from before the first call. */
function withInjections(tools: CaseTool[], twin: Twin): CaseTool[] {
  for (const { tool, ruleId, type, content } of twin.poisonedTools()) {
    const entry = tools.find((candidate) => candidate.name === tool)
    if (entry) entry.injection = { ruleId, type, content }
  }
  return tools
}

/** The case error for requests the guard refused; a request sent after the case ended says so. */
export function refusalError(refused: readonly UnhandledRequest[]): CaseError {
  const late = refused.filter((request): request is UnhandledRequest & { after: string } =>
    Boolean(request.after),
  )
  const unserved = refused.filter((request) => !request.after)
  const sentences: string[] = []
  if (unserved.length > 0) {
    sentences.push(
      `the agent sent requests no twin handles: ${unserved.map(describeUnhandled).join(', ')}. ${
        unserved.some((request) => servableByTwin(request.url))
          ? 'Serve an http(s) host with a twin, allow'
          : 'Allow'
      } the host (network.allowHosts), stop the agent from calling it, or run an out-of-process agent against serveTwin or agenttwin serve.`,
    )
  }
  if (late.length > 0) {
    sentences.push(
      `${late.map(describeLate).join('; ')} Await every request the agent starts before it returns its result.`,
    )
  }
  return { kind: 'unhandled-request', message: sentences.join(' ') }
}

/** A refusal as the case keeps it: plain JSON, never a bare `null` method. */
export function toCaseRefusal(request: UnhandledRequest): CaseRefusal {
  return {
    ...(request.method ? { method: request.method } : {}),
    url: DEFAULT_SECRET_POLICY.text(request.url),
    ...(request.client ? { client: request.client } : {}),
    message: DEFAULT_SECRET_POLICY.text(request.message),
  }
}

/**
 * Reads what an agent returned against the agent contract: a normalised
 * result, or a `malformed-result` error that starts with `subject`.
 * @example
 * readAgentResult(value, `${agent.name}@${agent.version} returned a malformed result`)
 */
export function readAgentResult(value: unknown, subject: string): AgentOutcome {
  const problems = agentResultProblems(value)
  if (problems.length > 0) {
    return { error: { kind: 'malformed-result', message: `${subject}: ${problems.join('; ')}.` } }
  }
  return { result: normaliseAgentResult(value as AgentResult) }
}

/**
 * What a CaseRun keeps of a twin's tool: the declared facts evaluators read
 * (risk, effect key, idempotency argument, whether it hands off to a human).
 * @example
 * run.tools = twin.tools.map(toCaseTool)
 */
export function toCaseTool(tool: ToolDefinition): CaseTool {
  const caseTool: CaseTool = { name: tool.name, risk: tool.risk }
  if (tool.effectKey) caseTool.effectKey = tool.effectKey
  if (tool.idempotency) caseTool.idempotencyArgument = tool.idempotency.argument
  if (tool.handoff) caseTool.handoff = true
  if (tool.actor === 'user') caseTool.actor = 'user'
  return caseTool
}
