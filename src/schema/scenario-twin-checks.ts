import type { FaultRuleDocument } from '../core/fault-model.ts'
import { checkedFaultRule } from '../faults/checked-rule.ts'
import { type FieldPath, formatFieldPath } from './field-path.ts'
import { recordItems } from './guards.ts'
import type { Issue } from './issue.ts'
import { toolReferences } from './scenario-checks.ts'
import { didYouMean, listWords } from './suggest.ts'
import type { TwinDocument } from './twin-document.ts'

/**
 * The checks of a scenario against its twin: every tool it names exists, fault
 * rules fit the catalog (`checkedFaultRule`: a rule without problems is
 * frozen and remembered as checked, so the case's policy does not check it
 * again), expectations can be evaluated.
 * Without a twin (missing or invalid) only the twin-independent rule checks run.
 * `reported` holds the paths the schema already reported, so nothing is said twice.
 * @example
 * scenarioTwinIssues(parsed.value, twin, new Set())
 */
export function scenarioTwinIssues(
  scenario: Record<string, unknown>,
  twin: TwinDocument | undefined,
  reported: ReadonlySet<string>,
): Issue[] {
  const issues: Issue[] = []
  const toolNames = twin?.tools.map((tool) => tool.name) ?? []
  for (const [index, rule] of recordItems(scenario.faults)) {
    const { problems } = checkedFaultRule(
      rule as unknown as FaultRuleDocument,
      toolNames,
      twin?.metadata.name,
    )
    for (const problem of problems) {
      const path = ['faults', index, ...parseRelativePath(problem.path)]
      // Without a twin there is no tool list to hold a rule's tool against.
      if ((problem.path === 'tool' && !twin) || reported.has(formatFieldPath(path))) continue
      issues.push({
        path,
        message: problem.message,
        fix: problem.fix,
        // The codes `checkFaultRules` gives the same problem of a rule written in code.
        code:
          problem.path === 'fault'
            ? 'AGENTTWIN_UNKNOWN_FAULT_TYPE'
            : 'AGENTTWIN_INVALID_FAULT_RULE',
      })
    }
  }
  if (!twin) return issues
  for (const [path, name] of toolReferences(scenario)) {
    // A rule's tool was checked with the rule, as in every other entry point.
    if (path[0] === 'faults' || toolNames.includes(name)) continue
    issues.push({
      path,
      message: `twin \`${twin.metadata.name}\` has no tool \`${name}\``,
      fix: `use one of ${listWords(toolNames)}${didYouMean(name, toolNames)}`,
    })
  }
  for (const [index, expectation] of recordItems(scenario.expectations)) {
    issues.push(...evaluabilityIssues(expectation, ['expectations', index], twin))
  }
  issues.push(...userActionIssues(scenario, twin))
  return issues
}

/** The user's actions (scripted turns, reply rules) name tools the twin marks as the user's. */
function userActionIssues(scenario: Record<string, unknown>, twin: TwinDocument): Issue[] {
  const actions: [FieldPath, Record<string, unknown>][] = []
  for (const [turn, item] of recordItems(scenario.conversation)) {
    for (const [index, action] of recordItems(item.actions))
      actions.push([['conversation', turn, 'actions', index], action])
  }
  const user = scenario.user as { replies?: { rules?: unknown } } | undefined
  for (const [rule, item] of recordItems(user?.replies?.rules)) {
    for (const [index, action] of recordItems(item.actions))
      actions.push([['user', 'replies', 'rules', rule, 'actions', index], action])
  }
  const userTools = twin.tools.filter((tool) => tool.actor === 'user').map((tool) => tool.name)
  const issues: Issue[] = []
  for (const [at, action] of actions) {
    const name = action.tool
    if (typeof name !== 'string') continue
    const tool = twin.tools.find((candidate) => candidate.name === name)
    if (tool && tool.actor !== 'user') {
      issues.push({
        path: [...at, 'tool'],
        message: `\`${name}\` is the agent's tool: twin \`${twin.metadata.name}\` does not mark it \`actor: user\``,
        fix: userTools.length
          ? `let the user act through one of its tools (${listWords(userTools)}), or mark \`${name}\` with \`actor: user\` in the twin`
          : `mark \`${name}\` with \`actor: user\` in the twin if it is the user's to call`,
      })
    }
  }
  return issues
}

/** Expectations that would end in ERROR on every run because the twin lacks what they read. */
function evaluabilityIssues(
  expectation: Record<string, unknown>,
  at: FieldPath,
  twin: TwinDocument,
): Issue[] {
  if (expectation.type === 'handoff' && expectation.tool === undefined) {
    if (twin.tools.some((tool) => tool.handoff === true)) return []
    return [
      {
        path: at,
        at: 'key',
        message: `twin \`${twin.metadata.name}\` declares no handoff tool, so whether the case went to a human is unknown`,
        fix: 'declare the tool that hands a case to a human with `handoff: true` in the twin, or name it here with `tool:`',
      },
    ]
  }
  if (expectation.type === 'noDuplicateSideEffect') {
    const named = typeof expectation.tool === 'string' ? expectation.tool : undefined
    const tools = named ? twin.tools.filter((tool) => tool.name === named) : twin.tools
    if (tools.length === 0 || tools.some((tool) => tool.effectKey !== undefined)) return []
    return [
      {
        path: named ? [...at, 'tool'] : at,
        at: named ? 'value' : 'key',
        message: named
          ? `tool \`${named}\` has no \`effectKey\`, so a duplicate of its effect cannot be recognised`
          : `no tool of twin \`${twin.metadata.name}\` has an \`effectKey\`, so there is nothing to check`,
        fix: 'give the tool an `effectKey` in the twin (e.g. `effectKey: "refund:{order_id}"`)',
      },
    ]
  }
  return []
}

/** `when.calls[1]` → `['when', 'calls', 1]`. */
function parseRelativePath(path: string): (string | number)[] {
  const segments: (string | number)[] = []
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    segments.push(match[2] === undefined ? match[1]! : Number(match[2]))
  }
  return segments
}
