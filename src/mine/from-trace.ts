import type { TraceSpan } from '../core/case-trace.ts'
import type { FaultRuleDocument } from '../core/fault-model.ts'
import {
  type ExpectationDocument,
  SCENARIO_API_VERSION,
  type ScenarioDocument,
} from '../schema/scenario-document.ts'
import type { TwinDocument } from '../schema/twin-document.ts'
import type { TracedToolCall } from '../trace/types.ts'
import { type Transcript, transcriptOfSpans } from './transcript.ts'
import { comment, type MinedScenario, renderMined } from './yaml-output.ts'

/** What `mineTrace` needs: a production trace and the twin that stands in for its tools. */
export interface TraceSource {
  spans: readonly TraceSpan[]
  /** The transcript already read (a JSON message list); when given, `spans` is not read. */
  transcript?: Transcript
  twin: TwinDocument
  /** The `twin:` value of the mined file. */
  twinPath: string
  /** Names the source in the header comment. */
  source: string
}

type Inference =
  | { fault: string; params?: Record<string, number> }
  | { choices: string[]; why: string }
  | { none: string }

/** Where a call was recorded: `span 3f2a…`, or `message 4` in a message list. */
function where(call: TracedToolCall): string {
  return call.spanId.startsWith('message ') ? call.spanId : `span ${call.spanId}`
}

function statusOf(call: TracedToolCall): number | undefined {
  if (call.httpStatus !== undefined) return call.httpStatus
  return call.errorType && /^\d{3}$/.test(call.errorType) ? Number(call.errorType) : undefined
}

/**
 * The catalog fault a failed call shows, when its caller fact names one. A
 * caller fact that two faults share (a 504 with or without the effect) is a
 * choice for a person: the trace does not say what the dependency did.
 */
function inferFault(call: TracedToolCall): Inference {
  const status = statusOf(call)
  const type = call.errorType ?? ''
  if (status === 429) return { fault: 'rate_limited' }
  if (status === 401) return { fault: 'auth_expired' }
  if (status === 409) return { fault: 'idempotency_key_in_flight' }
  if (/ECONNREFUSED/i.test(type)) return { fault: 'connection_refused' }
  const unknownEffect =
    'the trace shows what the caller saw, not whether the dependency applied the effect'
  if (status === 504 || /timeout|timed.?out|abort/i.test(type)) {
    return { choices: ['timeout_before_effect', 'timeout_after_mutation'], why: unknownEffect }
  }
  if (/ECONNRESET/i.test(type)) {
    return { choices: ['reset_before_effect', 'reset_after_effect'], why: unknownEffect }
  }
  if (status === 500 || status === 502 || status === 503) {
    return {
      choices: [`server_error (status ${status})`, 'server_error_after_commit'],
      why: unknownEffect,
    }
  }
  return {
    none: `no catalog fault has the caller fact ${status ?? (type || 'an error without a type')}`,
  }
}

/**
 * Turns a production trace (OTLP JSON, GenAI conventions) into a scenario:
 * the `invoke_agent` span's input, a fault rule for every failed
 * `execute_tool` span whose caller fact names one catalog fault (at the same
 * call number of its tool), and `noDuplicateSideEffect` / `outcomeVerified`
 * when the trace calls a tool that writes. Everything the trace cannot tell
 * (the state the systems were in, which of two faults it was) is a `# TODO`.
 * @example
 * const yaml = mineTrace({ spans: parseOtlpJson(text), twin, twinPath: 'twins/demo-co.twin.yaml', source: 'trace.json' })
 */
export function mineTrace(source: TraceSource): string {
  const trace = source.transcript ?? transcriptOfSpans(source.spans)
  const mined: MinedScenario = { value: {}, header: [], comments: new Map(), trailer: [] }
  const name = trace.agentName ?? 'the agent'
  const turns = trace.turns && trace.turns.length > 1 ? trace.turns : undefined
  const turnWords = turns ? ` over ${turns.length} user turns` : ''
  mined.header.push(
    `Mined by agenttwin mine from the trace ${source.source}: ${name}, ${trace.toolCalls.length} traced tool calls${turnWords}.`,
    'The trace is testimony: check every TODO below before trusting this scenario.',
  )
  const tools = new Map(source.twin.tools.map((tool) => [tool.name, tool]))
  const faults: FaultRuleDocument[] = []
  const counts = new Map<string, number>()
  for (const call of trace.toolCalls) {
    const number = (counts.get(call.tool) ?? 0) + 1
    counts.set(call.tool, number)
    if (!tools.has(call.tool)) {
      mined.trailer.push(
        `TODO: the trace calls ${call.tool} (${where(call)}), which the twin does not have; add it to the twin.`,
      )
      continue
    }
    if (call.outcome !== 'error') continue
    const inferred = inferFault(call)
    const seen = statusOf(call) ?? call.errorType ?? 'an error'
    if ('fault' in inferred) {
      const index =
        faults.push({
          id: `${call.tool}-call-${number}`,
          tool: call.tool,
          when: { call: number },
          fault: inferred.fault,
        }) - 1
      comment(
        mined,
        `faults.${index}`,
        `${where(call)}: call ${number} of ${call.tool} failed with ${seen}`,
      )
    } else if ('choices' in inferred) {
      mined.trailer.push(
        `TODO: ${where(call)}: call ${number} of ${call.tool} failed with ${seen}; ${inferred.why}.`,
        `      Pick one of ${inferred.choices.join(' or ')} and add under faults:`,
        `      - { id: ${call.tool}-call-${number}, tool: ${call.tool}, when: { call: ${number} }, fault: <one of them> }`,
      )
    } else {
      mined.trailer.push(
        `TODO: ${where(call)}: call ${number} of ${call.tool} failed with ${seen}; ${inferred.none}.`,
      )
    }
  }
  const expectations: ExpectationDocument[] = []
  const writes = trace.toolCalls.some((call) => (tools.get(call.tool)?.risk ?? 'READ') !== 'READ')
  if (writes) {
    expectations.push(
      { id: 'mined-no-duplicate-side-effect', type: 'noDuplicateSideEffect', critical: true },
      { id: 'mined-outcome-verified', type: 'outcomeVerified', critical: true },
    )
  }
  const value: ScenarioDocument = {
    apiVersion: SCENARIO_API_VERSION,
    id: 'mined-from-trace',
    version: '1.0.0',
    title: `Mined from a trace of ${name}`,
    twin: source.twinPath,
    ...(turns
      ? { conversation: turns.map((turn) => ({ user: turn.user })) }
      : { input: trace.input ?? null }),
    expectations,
  }
  if (faults.length > 0) value.faults = faults
  mined.value = value as unknown as Record<string, unknown>
  if (turns) {
    // A fault's call number counts the tool's calls over the whole conversation, as the twin does.
    comment(
      mined,
      'conversation',
      "each recorded user turn, in order; the twin's state carries over between them",
    )
    turns.forEach((turn, index) => {
      const calls = turn.calls.map((call) => call.tool).join(', ') || 'no tool'
      comment(mined, `conversation.${index}`, `turn ${index + 1} called ${calls}`)
    })
  } else {
    comment(
      mined,
      'input',
      trace.input === undefined
        ? 'TODO: the invoke_agent span records no gen_ai.input.messages; put the input your agent takes here.'
        : 'gen_ai.input.messages of the invoke_agent span, as recorded. TODO: reshape it into the input your agent takes, if it takes another shape.',
    )
  }
  mined.trailer.unshift(
    "TODO: the trace does not show the state the systems were in; add state: overrides over the twin's fixtures if the case needs them.",
  )
  if (!writes)
    mined.trailer.push(
      'TODO: the trace calls no tool that writes; add the expectation this case should keep.',
    )
  mined.trailer.push(
    `Traced calls, in order: ${trace.toolCalls.map((call) => `${call.tool}${call.outcome === 'error' ? ' (error)' : ''}`).join(', ') || 'none'}.`,
  )
  return renderMined(mined)
}
