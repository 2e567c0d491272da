/**
 * A conversation as a case keeps it: the user turns, what the agent answered
 * in each, and the state at the end of each. The twin's records say which
 * turn each call was made in (`CallRecord.turn`); this is the rest.
 */
import { actorOf, type CallActor } from './call-record.ts'
import type { CaseRun } from './case-run.ts'

// A turn is part of the case run itself (`CaseRun.conversation`), so it is declared there.
export type { CaseTurn } from './case-run.ts'

/**
 * Which turns an expectation reads: one turn (`2`), or a range
 * (`{ from: 2, to: 3 }`; `from` defaults to 1, `to` to the last turn).
 */
export type TurnSelector = number | { from?: number; to?: number }

/** A resolved range of turns, both ends included, 1-based. */
export interface TurnWindow {
  from: number
  to: number
}

/** The number of user turns a case had (a one-turn case has 1). */
export function turnCount(run: Pick<CaseRun, 'conversation'>): number {
  return run.conversation?.length ?? 1
}

/** The turn a record was made in: a record of a one-turn case is turn 1. */
export function turnOf(record: { turn?: number }): number {
  return record.turn ?? 1
}

/** Resolves a selector against a conversation of `turns` turns (written, not checked). */
export function resolveTurns(selector: TurnSelector, turns: number): TurnWindow {
  if (typeof selector === 'number') return { from: selector, to: selector }
  return { from: selector.from ?? 1, to: selector.to ?? turns }
}

/** `turn 2`, `turns 1-3`, `turns 1 to 2`. */
export function describeTurns(window: TurnWindow): string {
  return window.from === window.to ? `turn ${window.from}` : `turns ${window.from}-${window.to}`
}

/**
 * The case as it stood over a window of turns: the calls made in those turns,
 * the turns themselves, the state before the first and after the last, and
 * the agent's answer to the last. Every evaluator reads it as a whole case, so any expectation can
 * be asked about a turn. `undefined` when the case never reached `window.to`.
 * @example
 * turnView(run, { from: 1, to: 2 })?.finalState // the state at the end of turn 2
 */
export function turnView(run: CaseRun, window: TurnWindow): CaseRun | undefined {
  const turns = run.conversation
  if (!turns) return window.from === 1 && window.to === 1 ? run : undefined
  const last = turns[window.to - 1]
  if (!last || window.from < 1 || window.from > window.to) return undefined
  const records = run.records.filter(
    (record) => turnOf(record) >= window.from && turnOf(record) <= window.to,
  )
  const view: CaseRun = {
    ...run,
    input: last.input,
    initialState: window.from === 1 ? run.initialState : turns[window.from - 2]!.state,
    finalState: last.state,
    records,
    // Only the window's turns: an evaluator that reads replies (the claim ledger, asks-then-acts)
    // reads the same turns as the records it is given.
    conversation: turns.slice(window.from - 1, window.to),
    finished: last.error === undefined,
    metrics: { ...run.metrics, toolCalls: records.length },
  }
  delete view.result
  delete view.error
  if (last.error) view.error = last.error
  else if (last.result) view.result = last.result
  return view
}

/**
 * The case as one actor's calls show it: the same state and replies, only the
 * records of `actor` (the agent's, or the user's in a dual-control scenario).
 * What `actor` on an expectation reads.
 * @example
 * actorView(run, 'user').records // what the user did
 */
export function actorView(run: CaseRun, actor: CallActor): CaseRun {
  return { ...run, records: run.records.filter((record) => actorOf(record) === actor) }
}
