/**
 * Enacts what the dependency did with a call (`DependencyEffect`, the first
 * fact of a fault) on the twin's state. See `src/faults/types.ts`:
 * - no fault / `applied`: plan, apply every effect, answer from the new state;
 * - `none`: dry run on a copy (the answer the caller would have got), nothing applied;
 * - `partial`: only the first `keepEffects` effects (default ⌊n/2⌋, at least 1);
 * - `twice`: every effect applied a second time, in the same call;
 * - `deferred`: preconditions checked, effects staged for a later commit,
 *   the answer is the dry run's;
 * - `stale`: the handler plans and answers from the state as it was
 *   `versionsBehind` mutations ago; any writes still land on the current state;
 * - `applied` with a fault that plants (a state-field injection): the same,
 *   from a copy of the state holding the attacker's content.
 * An effect that cannot run answers 500 and changes nothing.
 */

import type { StateChange } from '../core/call-record.ts'
import type { ActiveFault, DependencyEffect, TwinAnswer } from '../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { effectFailedAnswer } from './answers.ts'
import type { ResolvedEffect } from './effects.ts'
import { EffectError, InvalidFaultParamError } from './errors.ts'
import type { Plan } from './handlers/index.ts'
import { applyEffects, type StateHistory } from './state-history.ts'

export interface Enactment {
  answer: TwinAnswer
  changes: StateChange[]
  /** Effects withheld by a `deferred` fault, with the changes a dry run predicts. */
  staged?: { effects: ResolvedEffect[]; changes: StateChange[] }
  /** What really happened when it differs from the fault's declared fact. */
  enacted?: DependencyEffect
}

/** Plans the call against a given state (the current one, or an old one for `stale`). */
export type Planner = (state: JsonObject) => Plan

export function enact(
  effect: DependencyEffect,
  fault: ActiveFault | undefined,
  planner: Planner,
  history: StateHistory,
  tool: string,
): Enactment {
  switch (effect) {
    case 'none':
      return { answer: dryRun(planner(history.current), history.current, tool).answer, changes: [] }
    case 'applied': {
      const planted = fault?.fault.plant?.(history.current, fault.params)
      if (planted) return answerFrom(planted, planner, history, tool)
      return applyPlan(planner(history.current), (effects) => effects, history, tool)
    }
    case 'twice':
      return applyPlan(planner(history.current), (e) => [...e, ...e], history, tool)
    case 'partial': {
      const plan = planner(history.current)
      const kept = keptEffects(fault, plan.effects.length)
      const enactment = applyPlan(plan, (effects) => effects.slice(0, kept), history, tool)
      // Keeping every effect (a one-effect tool, a large keepEffects) is no partial write.
      return kept >= plan.effects.length ? { ...enactment, enacted: 'applied' } : enactment
    }
    case 'deferred': {
      const plan = planner(history.current)
      const dry = dryRun(plan, history.current, tool)
      if (dry.failed || plan.effects.length === 0) return { answer: dry.answer, changes: [] }
      return {
        answer: dry.answer,
        changes: [],
        staged: { effects: plan.effects, changes: dry.changes },
      }
    }
    case 'stale':
      return answerFrom(
        history.behind(integerParam(fault, 'versionsBehind', 0) ?? 1),
        planner,
        history,
        tool,
      )
  }
}

/** The handler plans and answers from `seen` (an old or a planted state); writes land on the current state. */
function answerFrom(
  seen: JsonObject,
  planner: Planner,
  history: StateHistory,
  tool: string,
): Enactment {
  const plan = planner(seen)
  const { answer } = dryRun(plan, seen, tool)
  const committed = tryCommit(plan.effects, history)
  return { answer, changes: 'changes' in committed ? committed.changes : [] }
}

function applyPlan(
  plan: Plan,
  select: (effects: ResolvedEffect[]) => ResolvedEffect[],
  history: StateHistory,
  tool: string,
): Enactment {
  try {
    const changes = history.commit(select(plan.effects))
    return { answer: plan.respond(history.current), changes }
  } catch (error) {
    if (error instanceof EffectError) {
      return { answer: effectFailedAnswer(tool, error.path, error.message), changes: [] }
    }
    throw error
  }
}

function dryRun(plan: Plan, state: JsonObject, tool: string) {
  try {
    const result = applyEffects(state, plan.effects)
    return { answer: plan.respond(result.state), changes: result.changes, failed: false }
  } catch (error) {
    if (!(error instanceof EffectError)) throw error
    const answer = effectFailedAnswer(tool, error.path, error.message)
    return { answer, changes: [] as StateChange[], failed: true }
  }
}

/** Commits effects, or says why one of them could not run (then nothing changed). */
export function tryCommit(
  effects: readonly ResolvedEffect[],
  history: StateHistory,
): { changes: StateChange[] } | { error: string } {
  try {
    return { changes: history.commit(effects) }
  } catch (error) {
    if (error instanceof EffectError) return { error: error.message }
    throw error
  }
}

function keptEffects(fault: ActiveFault | undefined, count: number): number {
  const fallback = Math.max(1, Math.floor(count / 2))
  return Math.min(count, integerParam(fault, 'keepEffects', 0) ?? fallback)
}

/** An integer fault param (≥ min), `undefined` when absent; anything else throws `InvalidFaultParamError`. */
export function integerParam(
  fault: ActiveFault | undefined,
  name: string,
  min: number,
): number | undefined {
  const value: JsonValue | undefined = fault?.params[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new InvalidFaultParamError(faultName(fault), name, value, `an integer ≥ ${min}`)
  }
  return value
}

function faultName(fault: ActiveFault | undefined): string {
  return fault?.fault.type ?? '(none)'
}
