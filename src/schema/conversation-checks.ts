import { isJsonObject } from '../core/json.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems } from './guards.ts'
import type { Issue } from './issue.ts'
import type { ExpectationDocument, ScenarioDocument } from './scenario-document.ts'
import { isConversation, maxTurnsOf, simulatedUserIssues } from './simulated-user-checks.ts'

/** An expectation of a case with where it is written: the scenario's own, or a turn's checkpoint. */
export interface CaseExpectation {
  expectation: ExpectationDocument
  /** `['expectations', 2]` or `['conversation', 1, 'checkpoints', 0]`. */
  path: FieldPath
}

/**
 * Every expectation a case is judged by, in order: the scenario's
 * `expectations`, then each turn's checkpoints, each read on the state and
 * records up to the end of its turn (`turns: { to: n }`). The one list the
 * case pipeline evaluates and the Vitest suite turns into tests.
 * @example
 * caseExpectations(document).map((item) => item.expectation.id)
 */
export function caseExpectations(document: ScenarioDocument): CaseExpectation[] {
  const list: CaseExpectation[] = document.expectations.map((expectation, index) => ({
    expectation,
    path: ['expectations', index],
  }))
  document.conversation?.forEach((turn, index) => {
    turn.checkpoints?.forEach((checkpoint, at) => {
      list.push({
        expectation: { ...checkpoint, turns: { to: index + 1 } },
        path: ['conversation', index, 'checkpoints', at],
      })
    })
  })
  return list
}

/** The checkpoints of a conversation, with their paths, as the document has them. */
export function checkpointItems(
  scenario: Record<string, unknown>,
): [FieldPath, Record<string, unknown>][] {
  return recordItems(scenario.conversation).flatMap(([turn, item]) =>
    recordItems(item.checkpoints).map(
      ([index, checkpoint]): [FieldPath, Record<string, unknown>] => [
        ['conversation', turn, 'checkpoints', index],
        checkpoint,
      ],
    ),
  )
}

/**
 * The checks of a conversation that its JSON Schema cannot make: `input` or
 * `conversation` (one of them), checkpoints that do not pick turns, and turns
 * named by expectations and fault rules that the conversation has.
 */
export function conversationIssues(scenario: Record<string, unknown>): Issue[] {
  const issues: Issue[] = []
  const hasInput = 'input' in scenario
  const hasConversation = isConversation(scenario)
  if (!hasInput && !hasConversation) {
    issues.push({
      path: ['expectations'],
      at: 'key',
      message: 'the scenario gives neither `input` nor `conversation`',
      fix: 'add `input: { message: ... }` for a one-turn case, or `conversation:` with a list of user turns (`- user: ...`)',
    })
  } else if (hasInput && 'conversation' in scenario) {
    issues.push({
      path: ['conversation'],
      at: 'key',
      message: 'the scenario gives both `input` and `conversation`',
      fix: "keep one: `input` for a one-turn case, or `conversation` (put the first message in its first turn's `user`)",
    })
  }
  const turns = maxTurnsOf(scenario)
  issues.push(...simulatedUserIssues(scenario))
  for (const [path, checkpoint] of checkpointItems(scenario)) {
    for (const key of ['turn', 'turns'] as const) {
      if (key in checkpoint) {
        issues.push({
          path: [...path, key],
          at: 'key',
          message: `a checkpoint is evaluated at the end of its own turn, so \`${key}\` does not apply`,
          fix: `remove \`${key}\`, or move the expectation to \`expectations\` to read other turns`,
        })
      }
    }
  }
  for (const [index, expectation] of recordItems(scenario.expectations)) {
    issues.push(
      ...turnIssues(
        expectation,
        ['expectations', index],
        turns,
        hasConversation,
        'user' in scenario,
      ),
    )
  }
  return issues
}

function turnIssues(
  expectation: Record<string, unknown>,
  at: FieldPath,
  turns: number,
  conversation: boolean,
  simulated: boolean,
): Issue[] {
  const issues: Issue[] = []
  const has = conversation
    ? `the conversation has ${simulated ? 'at most ' : ''}${turns} turn${turns === 1 ? '' : 's'}`
    : 'a scenario with `input` has one turn'
  if ('turn' in expectation && 'turns' in expectation) {
    issues.push({
      path: [...at, 'turns'],
      at: 'key',
      message: 'the expectation gives both `turn` and `turns`',
      fix: 'keep `turn: n` for one turn or `turns: { from, to }` for a range',
    })
  }
  const check = (value: unknown, path: FieldPath) => {
    if (typeof value === 'number' && Number.isInteger(value) && value > turns) {
      issues.push({
        path,
        message: `turn ${value} is past the end: ${has}`,
        fix: `name a turn from 1 to ${turns}`,
      })
    }
  }
  check(expectation.turn, [...at, 'turn'])
  const range = expectation.turns
  if (isJsonObject(range)) {
    check(range.from, [...at, 'turns', 'from'])
    check(range.to, [...at, 'turns', 'to'])
    if (typeof range.from === 'number' && typeof range.to === 'number' && range.from > range.to) {
      issues.push({
        path: [...at, 'turns', 'from'],
        message: `the range starts at turn ${range.from}, after its end (turn ${range.to})`,
        fix: 'write the earlier turn in `from` and the later in `to`',
      })
    }
  }
  return issues
}

/** Fault rules conditioned on a turn the conversation does not have. */
export function faultTurnIssues(scenario: Record<string, unknown>): Issue[] {
  const turns = maxTurnsOf(scenario)
  const has = isConversation(scenario)
    ? `the conversation has ${'user' in scenario ? 'at most ' : ''}${turns} turn${turns === 1 ? '' : 's'}`
    : 'a scenario with `input` has one turn'
  const issues: Issue[] = []
  for (const [index, rule] of recordItems(scenario.faults)) {
    const when = rule.when
    if (!isJsonObject(when)) continue
    const turn = when.turn
    if (typeof turn === 'number' && Number.isInteger(turn) && turn > turns) {
      issues.push({
        path: ['faults', index, 'when', 'turn'],
        message: `turn ${turn} is past the end: ${has}, so the rule never fires`,
        fix: `name a turn from 1 to ${turns}, or remove \`turn\``,
      })
    }
  }
  return issues
}
