/** One call through the twin: validate, scope, idempotency, plan, enact the fault, record. */

import type { CallRecord } from '../core/call-record.ts'
import { canonicalJson } from '../core/canonical-json.ts'
import type { ActiveFault, DependencyEffect, TwinAnswer } from '../core/fault-model.ts'
import { cloneData, cloneJson, type JsonObject } from '../core/json.ts'
import type { TemplateValues } from '../core/placeholders.ts'
import { templatePlaceholders } from '../core/placeholders.ts'
import { renderAnswer } from '../core/render-answer.ts'
import { formatPath, readPath } from '../core/state-path.ts'
import type { ToolDefinition } from '../schema/twin-document.ts'
import { answer, invalidArgumentsAnswer, isSuccess, notFoundAnswer } from './answers.ts'
import { recordFault, seenByCaller } from './call-view.ts'
import { type Enactment, enact, integerParam, tryCommit } from './enact.ts'
import { MissingPlaceholderError, UnknownToolError, UnsafePathError } from './errors.ts'
import { answerPlan } from './handlers/context.ts'
import { planHandler } from './handlers/index.ts'
import { idempotencyKeyOf, keyReusedAnswer } from './idempotency.ts'
import { inputHint, validateInput } from './input-validation.ts'
import type { TwinRuntime } from './runtime.ts'
import { renderPathTemplate, renderValue } from './templates.ts'
import type { CallOutcome, ToolCall } from './types.ts'

/** Effects after which the tool did what it was asked (with a 2xx answer). */
const EFFECT_DONE: ReadonlySet<DependencyEffect> = new Set(['applied', 'twice', 'stale'])
/** Kinds whose paths must live under an existing tenant root. */
const STATE_KINDS = new Set(['read', 'list', 'create', 'mutate', 'delete'])

interface Handled extends Enactment {
  replay: boolean
  tenant?: string
  idempotencyKey?: string
}

/** One call, answered and recorded: the caller gets a copy of its record. */
export function runCall(runtime: TwinRuntime, call: ToolCall): CallOutcome {
  const { record, view } = enactCall(runtime, call)
  return { record: cloneData(record), view }
}

/**
 * One call, answered and recorded; the record returned is the twin's own, for
 * callers that only read it at once (a transport reads the view and nothing else).
 */
export function enactCall(runtime: TwinRuntime, call: ToolCall): CallOutcome {
  const tool = runtime.tools.get(call.tool)
  if (!tool) {
    throw new UnknownToolError(call.tool, runtime.definition.metadata.name, [
      ...runtime.tools.keys(),
    ])
  }
  const seq = runtime.records.length + 1
  commitDue(runtime, seq)
  const callNumber = (runtime.callCounts.get(tool.name) ?? 0) + 1
  runtime.callCounts.set(tool.name, callNumber)
  const turn = runtime.turn
  const turnCallNumber = turn ? (turn.callCounts.get(tool.name) ?? 0) + 1 : undefined
  if (turn && turnCallNumber !== undefined) turn.callCounts.set(tool.name, turnCallNumber)

  const args = cloneJson(call.args)
  const at = runtime.clock(seq)
  const prefix = tool.idPrefix ?? `${tool.name}_`
  const idNumber = (runtime.idCounts.get(prefix) ?? 0) + 1
  runtime.idCounts.set(prefix, idNumber)
  const scope: TemplateValues = {
    args,
    id: `${prefix}${idNumber}`,
    now: at,
    seq,
  }
  const fault = runtime.faults?.decide({
    tool: tool.name,
    callNumber,
    args: cloneJson(args),
    ...(turn && { turn: turn.number, turnCallNumber }),
  })
  const effect = fault?.fault.dependency.effect ?? 'applied'
  const notTheUsers = tool.actor === 'user' && call.actor !== 'user'
  const handled = notTheUsers
    ? refusedToAgent(tool, effect)
    : handle(runtime, tool, scope, effect, fault)
  const enacted = handled.enacted ?? effect

  // The one render step: a fault's view renders its answer with `renderAnswer` too.
  const view = fault
    ? fault.fault.view(cloneAnswer(handled.answer), { ...fault.params })
    : renderAnswer(handled.answer)
  const mcp = call.transport === 'mcp' ? (fault?.fault.mcp?.kind ?? 'tool-result') : undefined
  // Over MCP only a tool result shows the caller a status and a body.
  const seen =
    mcp === undefined || mcp === 'tool-result'
      ? seenByCaller(view)
      : { status: null, response: null }
  const effectKey = renderEffectKey(tool, scope)
  // Built field by field, not with conditional spreads: this runs on every call.
  const record = {
    seq,
    tool: tool.name,
    risk: tool.risk,
    args: cloneJson(args),
    attempt: call.attempt ?? 1,
  } as CallRecord
  if (turn) record.turn = turn.number
  if (call.actor === 'user') record.actor = 'user'
  if (call.transport !== undefined) record.transport = call.transport
  record.at = at
  if (handled.tenant !== undefined) record.tenant = handled.tenant
  if (handled.idempotencyKey !== undefined) record.idempotencyKey = handled.idempotencyKey
  if (effectKey !== undefined) record.effectKey = effectKey
  record.replay = handled.replay
  record.status = seen.status
  record.response = seen.response
  record.twinAnswer = {
    status: handled.answer.status,
    // Unfaulted, the caller was shown the answer as JSON: what it read back is already a copy.
    body: fault ? cloneJson(handled.answer.body) : seen.response,
  }
  record.outcome =
    isSuccess(handled.answer.status) && EFFECT_DONE.has(enacted) ? 'success' : 'error'
  if (fault) record.fault = recordFault(fault, view, enacted, mcp)
  record.changes = handled.changes
  if (handled.staged) {
    const after = integerParam(fault, 'commitAfterCalls', 0)
    const commitsAtSeq = after === undefined ? undefined : seq + 1 + after
    record.deferred = {
      changes: handled.staged.changes,
      ...(commitsAtSeq !== undefined && { commitsAtSeq }),
      committed: false,
    }
    runtime.pending.push({ record: seq - 1, effects: handled.staged.effects, commitsAtSeq })
  }
  runtime.records.push(record)
  return { record, view }
}

function handle(
  runtime: TwinRuntime,
  tool: ToolDefinition,
  scope: TemplateValues,
  effect: DependencyEffect,
  fault: ActiveFault | undefined,
): Handled {
  const refuse = (answer: TwinAnswer, extra: Partial<Handled> = {}): Handled => ({
    answer,
    changes: [],
    replay: false,
    ...extra,
  })
  const idempotencyKey = tool.idempotency
    ? idempotencyKeyOf(scope.args, tool.idempotency.argument)
    : undefined
  const problems = validateInput(runtime.validators.get(tool.name), scope.args)
  if (problems.length > 0) {
    return refuse(invalidArgumentsAnswer(tool.name, problems, inputHint(tool)), { idempotencyKey })
  }

  let root: string[] = []
  let tenant: string | undefined
  try {
    if (tool.tenantPath) {
      root = renderPathTemplate(tool.tenantPath, scope)
      tenant = tenantId(tool.tenantPath, scope, root)
      scope.tenant = tenant
    }
    const facts = { tenant, idempotencyKey }
    if (idempotencyKey !== undefined) {
      const found = runtime.store.lookup(tool.name, tenant, idempotencyKey, scope.args)
      if (found.kind === 'reused') {
        const argument = tool.idempotency!.argument
        return refuse(keyReusedAnswer(tool.name, idempotencyKey, argument, found.firstSeq), facts)
      }
      // With `none` the retry never reached the store, so it is not a replay.
      if (found.kind === 'replay')
        return refuse(found.answer, { ...facts, replay: effect !== 'none' })
    }

    const planner = (state: JsonObject) => {
      const kind = tool.handler.kind
      if (root.length > 0 && STATE_KINDS.has(kind) && !readPath(state, root).found) {
        return answerPlan(notFoundAnswer(tool.name, formatPath(root)))
      }
      const context = { tool, state, root, scope, adapters: runtime.adapters }
      return planHandler(tool.handler, context)
    }
    const enacted = enact(effect, fault, planner, runtime.history, tool.name)
    if (idempotencyKey !== undefined && effect !== 'none' && isSuccess(enacted.answer.status)) {
      runtime.store.remember(
        tool.name,
        tenant,
        idempotencyKey,
        scope.args,
        scope.seq!,
        enacted.answer,
      )
    }
    // Field by field, not spread: objects of several shapes meet here on every call.
    const handled: Handled = { answer: enacted.answer, changes: enacted.changes, replay: false }
    if (enacted.staged) handled.staged = enacted.staged
    if (enacted.enacted !== undefined) handled.enacted = enacted.enacted
    if (tenant !== undefined) handled.tenant = tenant
    if (idempotencyKey !== undefined) handled.idempotencyKey = idempotencyKey
    return handled
  } catch (error) {
    const problem = argumentProblem(error)
    if (!problem) throw error
    return refuse(invalidArgumentsAnswer(tool.name, [problem], inputHint(tool)), {
      tenant,
      idempotencyKey,
    })
  }
}

/**
 * A tool the twin marks as the user's, called by the agent: refused with 403
 * and no effect, so an agent cannot do the user's part of a dual-control task
 * (confirming in the customer's app) itself.
 */
function refusedToAgent(tool: ToolDefinition, effect: DependencyEffect): Handled {
  return {
    answer: answer(403, {
      error: 'user_only_tool',
      tool: tool.name,
      hint: `${tool.name} is the user's to call (actor: user): ask the user to do it.`,
    }),
    changes: [],
    replay: false,
    // A fault rule on the tool did not get to act: nothing was enacted.
    ...(effect !== 'applied' && { enacted: 'none' as const }),
  }
}

/** Path errors caused by argument values become a 400 the agent can act on. */
function argumentProblem(error: unknown): { path: string; message: string } | undefined {
  if (error instanceof MissingPlaceholderError) {
    return { path: error.placeholder, message: `is needed to resolve "${error.template}"` }
  }
  if (error instanceof UnsafePathError) {
    return { path: '', message: `resolve to an unusable state path "${error.path}"` }
  }
  return undefined
}

/** The tenant id: the values of the tenant path's placeholders, or the rendered path without any. */
function tenantId(tenantPath: string, scope: TemplateValues, root: string[]): string {
  const names = templatePlaceholders(tenantPath)
  if (names.length === 0) return formatPath(root)
  return names.map((name) => text(renderValue(`{${name}}`, scope))).join('/')
}

function renderEffectKey(tool: ToolDefinition, scope: TemplateValues): string | undefined {
  if (tool.effectKey === undefined) return undefined
  const value = renderValue(tool.effectKey, scope)
  return value === undefined ? undefined : text(value)
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : canonicalJson(value)
}

function cloneAnswer(answer: TwinAnswer): TwinAnswer {
  return cloneData(answer)
}

/** Commits deferred effects whose time has come, before call `seq` is handled. */
function commitDue(runtime: TwinRuntime, seq: number): void {
  const due = runtime.pending.filter((p) => p.commitsAtSeq !== undefined && p.commitsAtSeq <= seq)
  if (due.length === 0) return
  runtime.pending = runtime.pending.filter((p) => !due.includes(p))
  for (const pending of due) {
    const record = runtime.records[pending.record]!
    const deferred = record.deferred!
    const result = tryCommit(pending.effects, runtime.history)
    if ('changes' in result) {
      deferred.changes = result.changes
      deferred.committed = true
    } else {
      deferred.commitError = result.error
    }
  }
}
