import type { CallActor } from '../../../core/call-record.ts'
import type { CaseRun } from '../../../core/case-run.ts'
import { actorView } from '../../../core/conversation.ts'
import { showValue } from '../../../core/show-value.ts'
import { caseRunOf } from './case-run.ts'
import { InvalidMatcherArgumentError } from './errors.ts'

const ACTORS: readonly CallActor[] = ['agent', 'user']

/**
 * Narrows a case to one actor's calls for any AgentTwin matcher, as `actor`
 * on a YAML expectation does: the state stays the case's, the records are
 * only the agent's or only the user's (tools a twin marks `actor: user`).
 * Combine with `inTurn` to read one actor in some turns.
 * @example
 * expect(byActor(run, 'agent')).not.toHaveCalledTool('capture_payment')
 * expect(inTurn(byActor(run, 'user'), 2)).toHaveCalledTool('confirm_payment')
 */
export function byActor(run: CaseRun, actor: CallActor): CaseRun {
  if (!ACTORS.includes(actor)) {
    throw new InvalidMatcherArgumentError(
      'byActor',
      `the actor must be one of ${ACTORS.join(', ')}, got ${showValue(actor)}`,
      "write byActor(run, 'agent') or byActor(run, 'user')",
    )
  }
  return actorView(caseRunOf(run, 'byActor'), actor)
}
