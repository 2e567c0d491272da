import type { CaseRun } from '../../../core/case-run.ts'
import {
  resolveTurns,
  type TurnSelector,
  type TurnWindow,
  turnCount,
} from '../../../core/conversation.ts'
import { isJsonObject } from '../../../core/json.ts'
import { caseRunOf } from './case-run.ts'
import { InvalidMatcherArgumentError } from './errors.ts'

const TURN_SCOPE = 'agenttwin/turn-scope'

/** A case run narrowed to some of its turns, for the matchers (see {@link inTurn}). */
export interface TurnScopedRun {
  schema: typeof TURN_SCOPE
  run: CaseRun
  turns: TurnSelector
}

/**
 * Narrows a conversation case to one turn (`2`) or a range (`{ from: 2, to: 3 }`)
 * for any AgentTwin matcher: the matcher then reads only those turns (their
 * calls, the state before the first and after the last, their replies),
 * exactly as `turn` / `turns` on a YAML expectation do, and its verdict is
 * located at the last of them. A turn the case never reached fails, with and
 * without `.not`.
 * @example
 * expect(inTurn(run, 1)).not.toHaveCalledTool('refund_payment')
 * expect(inTurn(run, { to: 2 })).toHaveState('orders.ORD-1001.refund_count', 0)
 */
export function inTurn(run: CaseRun, turns: TurnSelector): TurnScopedRun {
  return { schema: TURN_SCOPE, run, turns }
}

/** The received value of a matcher: a case run, and the turns it is narrowed to, if any. */
export function matcherSubject(
  received: unknown,
  matcher: string,
): { run: CaseRun; window?: TurnWindow } {
  if (!isJsonObject(received) || received.schema !== TURN_SCOPE) {
    return { run: caseRunOf(received, matcher) }
  }
  const scoped = received as unknown as TurnScopedRun
  const run = caseRunOf(scoped.run, matcher)
  return { run, window: checkedWindow(matcher, scoped.turns, run) }
}

function isTurn(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1
}

function checkedWindow(matcher: string, turns: unknown, run: CaseRun): TurnWindow {
  const bad = (problem: string): never => {
    throw new InvalidMatcherArgumentError(
      matcher,
      `inTurn(run, ${JSON.stringify(turns) ?? String(turns)}): ${problem}`,
      'give a turn number from 1 (`inTurn(run, 2)`) or a range (`inTurn(run, { from: 2, to: 3 })`)',
    )
  }
  if (typeof turns === 'number') {
    if (!isTurn(turns)) bad('a turn is a whole number from 1')
    return resolveTurns(turns, turnCount(run))
  }
  if (!isJsonObject(turns)) return bad('the turns are neither a number nor a range')
  const extra = Object.keys(turns).filter((key) => key !== 'from' && key !== 'to')
  if (extra.length > 0) bad(`a range has only \`from\` and \`to\`, not ${extra.join(', ')}`)
  for (const key of ['from', 'to'] as const) {
    if (turns[key] !== undefined && !isTurn(turns[key])) bad(`\`${key}\` is not a turn number`)
  }
  const window = resolveTurns(turns as { from?: number; to?: number }, turnCount(run))
  if (window.from > window.to) bad(`the range starts at turn ${window.from}, after its end`)
  return window
}
