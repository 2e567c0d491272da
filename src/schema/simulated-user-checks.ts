import { isJsonObject } from '../core/json.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems, stringLeaves } from './guards.ts'
import type { Issue } from './issue.ts'

/** `{order_id}` in a simulated user's text: the name of one of its facts. */
export const FACT_PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_-]*)\}/g

/**
 * The most user turns a scenario's conversation can have: its listed turns,
 * or its simulated user's `maxTurns` when that is more. What turn numbers in
 * expectations and fault rules are checked against.
 */
export function maxTurnsOf(scenario: Record<string, unknown>): number {
  const listed = Array.isArray(scenario.conversation) ? scenario.conversation.length : 0
  const user = scenario.user
  const limit = isJsonObject(user) && typeof user.maxTurns === 'number' ? user.maxTurns : 0
  return Math.max(listed, limit, 1)
}

/** Whether the scenario is a conversation: listed turns or a simulated user. */
export function isConversation(scenario: Record<string, unknown>): boolean {
  return 'conversation' in scenario || 'user' in scenario
}

/**
 * The checks of simulated turns and the simulated user that the JSON Schema
 * cannot make: a turn is scripted or simulated, a simulated turn has a user to
 * play it, the user has one simulator, its turn limit covers the listed turns,
 * its patterns compile, its texts name facts it has, and a private fact is
 * said only in answer to a question (never in the opening or the fallback).
 */
export function simulatedUserIssues(scenario: Record<string, unknown>): Issue[] {
  const issues: Issue[] = []
  const user = isJsonObject(scenario.user) ? scenario.user : undefined
  const turns = recordItems(scenario.conversation)
  for (const [index, turn] of turns) {
    const at: FieldPath = ['conversation', index]
    const scripted = 'user' in turn
    const simulated = 'simulated' in turn
    if (scripted === simulated) {
      issues.push({
        path: scripted ? [...at, 'simulated'] : at,
        at: 'key',
        message: scripted
          ? 'the turn gives both `user` and `simulated`'
          : 'the turn gives neither `user` nor `simulated`',
        fix: "give `user: <the user's message>` for a scripted turn, or `simulated: true` for a turn the simulated user writes",
      })
    }
    if (simulated && !scripted && !user) {
      issues.push({
        path: [...at, 'simulated'],
        at: 'key',
        message: 'the turn is simulated, but the scenario has no simulated user',
        fix: 'add a top-level `user:` block (persona, goal, maxTurns, and replies or model), or script the turn with `user:`',
      })
    }
    if (simulated && 'actions' in turn) {
      issues.push({
        path: [...at, 'actions'],
        at: 'key',
        message: "a simulated turn's actions are the simulated user's to choose",
        fix: 'move the actions to a reply rule of `user.replies`, or script the turn with `user:`',
      })
    }
  }
  if (!user) return issues
  if ('input' in scenario) {
    issues.push({
      path: ['user'],
      at: 'key',
      message: 'the scenario gives both `input` and a simulated `user`',
      fix: 'a simulated user holds a conversation: remove `input`, or put its message in a scripted first turn (`conversation: [{ user: ... }]`)',
    })
  }
  const hasReplies = 'replies' in user
  if (hasReplies === 'model' in user) {
    issues.push({
      path: hasReplies ? ['user', 'model'] : ['user'],
      at: 'key',
      message: hasReplies
        ? 'the simulated user gives both `replies` and `model`'
        : 'the simulated user gives neither `replies` nor `model`',
      fix: 'give `replies:` (the deterministic simulator: rules, fallback, done) or `model:` (a language model, e.g. `model: { model: gpt-4.1-mini }`)',
    })
  }
  const listed = turns.length
  if (typeof user.maxTurns === 'number' && user.maxTurns < listed) {
    issues.push({
      path: ['user', 'maxTurns'],
      message: `maxTurns is ${user.maxTurns}, fewer than the ${listed} turns the conversation lists`,
      fix: `raise maxTurns to at least ${listed}, or list fewer turns`,
    })
  }
  if (isJsonObject(user.replies)) issues.push(...replyIssues(user, user.replies, turns))
  return issues
}

function replyIssues(
  user: Record<string, unknown>,
  replies: Record<string, unknown>,
  turns: [number, Record<string, unknown>][],
): Issue[] {
  const issues: Issue[] = []
  const known = new Set(isJsonObject(user.knows) ? Object.keys(user.knows) : [])
  const secret = new Set(isJsonObject(user.private) ? Object.keys(user.private) : [])
  for (const name of known) {
    if (secret.has(name)) {
      issues.push({
        path: ['user', 'private', name],
        at: 'key',
        message: `the fact \`${name}\` is both in \`knows\` and in \`private\``,
        fix: 'keep it in `knows` (shared freely) or in `private` (given only when asked), not both',
      })
    }
  }
  const pattern = (value: unknown, path: FieldPath) => {
    if (typeof value !== 'string') return
    try {
      new RegExp(value, 'i')
    } catch (error) {
      issues.push({
        path,
        message: `\`when\` is not a valid regular expression: ${(error as Error).message}`,
        fix: 'fix the regular expression (escape special characters such as `(` or `[` with `\\`)',
      })
    }
  }
  const facts = (value: unknown, path: FieldPath, unasked: boolean) => {
    for (const [leafPath, text] of stringLeaves(value, path)) {
      for (const match of text.matchAll(FACT_PLACEHOLDER)) {
        const name = match[1]!
        if (secret.has(name) && unasked) {
          issues.push({
            path: [...leafPath],
            message: `\`{${name}}\` is a private fact, and this text is said without being asked`,
            fix: `say {${name}} only in a rule whose \`when\` matches the agent asking for it, or move it to \`knows\``,
          })
        } else if (!known.has(name) && !secret.has(name)) {
          const have = [...known, ...secret]
          issues.push({
            path: [...leafPath],
            message: `\`{${name}}\` names no fact of the simulated user`,
            fix: have.length
              ? `name one of ${have.map((fact) => `{${fact}}`).join(', ')}, or add \`${name}\` to \`user.knows\``
              : `add \`${name}\` to \`user.knows\` (or \`user.private\`)`,
          })
        }
      }
    }
  }
  facts(replies.opening, ['user', 'replies', 'opening'], true)
  facts(replies.fallback, ['user', 'replies', 'fallback'], true)
  for (const [index, rule] of recordItems(replies.rules)) {
    pattern(rule.when, ['user', 'replies', 'rules', index, 'when'])
    facts(rule.say, ['user', 'replies', 'rules', index, 'say'], false)
    facts(rule.actions, ['user', 'replies', 'rules', index, 'actions'], false)
  }
  if (isJsonObject(replies.done)) pattern(replies.done.when, ['user', 'replies', 'done', 'when'])
  const first = turns[0]?.[1]
  const opensSimulated = turns.length === 0 || (first !== undefined && 'simulated' in first)
  if (opensSimulated && !('opening' in replies)) {
    issues.push({
      path: ['user', 'replies'],
      at: 'key',
      message:
        'the conversation opens with a simulated turn, but the replies give no `opening` (the agent has asked nothing yet)',
      fix: "add `opening: <the user's first message>` to `user.replies`, or script the first turn with `user:`",
    })
  }
  return issues
}
