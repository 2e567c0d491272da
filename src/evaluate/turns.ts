import type { CaseRun } from '../core/case-run.ts'
import {
  describeTurns,
  resolveTurns,
  type TurnWindow,
  turnCount,
  turnView,
} from '../core/conversation.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { ExpectationDocument } from '../schema/scenario-document.ts'
import { makeResult } from './result.ts'

/** The turns an expectation reads (`turn`, `turns`), or undefined for the whole case. */
export function windowOf(
  expectation: Pick<ExpectationDocument, 'turn' | 'turns'>,
  run: CaseRun,
): TurnWindow | undefined {
  if (expectation.turn !== undefined) return resolveTurns(expectation.turn, turnCount(run))
  if (expectation.turns !== undefined) return resolveTurns(expectation.turns, turnCount(run))
  return undefined
}

/** `By the end of turn 2`, `In turn 2`, `In turns 2-3`: how a verdict over turns is located. */
export function turnsPhrase(window: TurnWindow): string {
  if (window.from === 1 && window.to > 1) return `By the end of turn ${window.to}`
  return `In ${describeTurns(window)}`
}

/** What an expectation over turns is evaluated on, or the `ERROR` when the case never reached them. */
export type TurnScope =
  | { kind: 'unreached'; result: ExpectationResult }
  | {
      kind: 'view'
      /** The case as it stood over the window (`turnView`). */
      view: CaseRun
      /** The expectation without `turn` / `turns`, for the whole-case evaluator. */
      whole: ExpectationDocument
      /** Locates the whole-case verdict at the window (its turn, its message's lead). */
      locate(result: ExpectationResult): ExpectationResult
    }

/**
 * The one way an expectation reads a window of turns, shared by YAML
 * expectations and matchers: the case as it stood over those turns, and how
 * a verdict on it is located. A turn the case never reached is `ERROR`.
 */
export function scopeToTurns(
  expectation: ExpectationDocument,
  run: CaseRun,
  window: TurnWindow,
): TurnScope {
  const view = turnView(run, window)
  if (!view) {
    const reached = run.conversation
      ? `it stopped after turn ${run.conversation.length}`
      : 'a one-turn case has turn 1 only'
    return {
      kind: 'unreached',
      result: {
        ...makeResult(
          expectation,
          'ERROR',
          `Cannot evaluate: the case never reached ${describeTurns(window)} (${reached}). Unknown is never a pass.`,
          { turns: { from: window.from, to: window.to }, reached: turnCount(run) },
        ),
        turn: window.to,
      },
    }
  }
  const { turn: _turn, turns: _turns, ...whole } = expectation
  return {
    kind: 'view',
    view,
    whole: whole as ExpectationDocument,
    locate: (result) =>
      run.conversation
        ? { ...result, turn: window.to, message: locatedMessage(window, result.message) }
        : result,
  }
}

/**
 * The verdict's message led by its window. A verdict that already names the
 * one turn of its window (`Turn 3: …`) gets the window's words in their place,
 * so the turn is said once.
 */
function locatedMessage(window: TurnWindow, message: string): string {
  const lead = `Turn ${window.to}: `
  const rest =
    window.from === window.to && message.startsWith(lead) ? message.slice(lead.length) : message
  return `${turnsPhrase(window)}: ${rest}`
}

/**
 * Evaluates an expectation on the turns it names: the whole-case evaluator on
 * the case as it stood over those turns (`turnView`), its verdict located at
 * the last of them. A turn the case never reached is `ERROR`, never a pass.
 */
export async function evaluateOverTurns(
  expectation: ExpectationDocument,
  run: CaseRun,
  window: TurnWindow,
  evaluate: (expectation: ExpectationDocument, run: CaseRun) => Promise<ExpectationResult>,
): Promise<ExpectationResult> {
  const scope = scopeToTurns(expectation, run, window)
  if (scope.kind === 'unreached') return scope.result
  return scope.locate(await evaluate(scope.whole, scope.view))
}
