import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
  loadScenario,
  loadScenarioSync,
  loadTwinSync,
  parseScenario,
} from '../../src/schema/index.ts'
import { fixture, problemsOf, problemsOfAsync, shown, where } from './helpers.ts'

const validScenario = fixture('valid/refund-timeout.scenario.yaml')

function scenarioProblems(name: string) {
  return problemsOf(() => loadScenarioSync(fixture(`scenario/${name}.scenario.yaml`)))
}

describe('loading a valid scenario', () => {
  test('gives the scenario, its twin and both sources', async () => {
    const loaded = await loadScenario(validScenario)
    expect(loaded.file).toBe(validScenario)
    expect(loaded.twinFile).toBe(fixture('valid/payments.twin.yaml'))
    expect(loaded.document.id).toBe('refund-timeout-after-mutation')
    expect(loaded.document.faults?.[0]).toMatchObject({ fault: 'timeout_after_mutation' })
    expect(loaded.twin.metadata.name).toBe('demo-co-payments')
    expect(loaded.source).toBe(readFileSync(validScenario, 'utf8'))
    expect(loaded.twinSource).toBe(readFileSync(loaded.twinFile, 'utf8'))
  })

  test('sync loading agrees, and takes the text when the caller has it', () => {
    const source = readFileSync(validScenario, 'utf8').replace('seed: 7', 'seed: 8')
    const loaded = loadScenarioSync(validScenario, { source })
    expect(loaded.document.seed).toBe(8)
    expect(loaded.source).toBe(source)
  })

  test('parseScenario checks tool names only when given the twin', () => {
    const text = readFileSync(fixture('scenario/unknown-tool.scenario.yaml'), 'utf8')
    expect(parseScenario(text, 'unknown-tool.scenario.yaml').id).toBe('unknown-tool')
    const twin = loadTwinSync(fixture('valid/payments.twin.yaml'))
    const found = problemsOf(() => parseScenario(text, 'unknown-tool.scenario.yaml', { twin }))
    expect(where(found)).toEqual(['9:11 faults[0].tool', '14:13 expectations[0].before'])
  })
})

describe('refusing an invalid scenario', () => {
  test('a tool the twin does not have, with the closest name', () => {
    const found = scenarioProblems('unknown-tool')
    expect(where(found)).toEqual(['9:11 faults[0].tool', '14:13 expectations[0].before'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/scenario/unknown-tool.scenario.yaml:9:11 twin "demo-co-payments" has no tool "refund_paymnet" at faults[0].tool. Fix: did you mean "refund_payment"? The twin's tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human",
        "<repo>/test/schema/fixtures/scenario/unknown-tool.scenario.yaml:14:13 twin \`demo-co-payments\` has no tool \`get_refund_polcy\` at expectations[0].before. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`get_refund_policy\`?)",
      ]
    `)
  })

  test('a twin file that does not exist', async () => {
    const found = await problemsOfAsync(() =>
      loadScenario(fixture('scenario/missing-twin.scenario.yaml')),
    )
    expect(where(found)).toEqual(['5:7 twin'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/scenario/missing-twin.scenario.yaml:5:7 the twin file "./no-such.twin.yaml" does not exist (looked for <repo>/test/schema/fixtures/scenario/no-such.twin.yaml) at twin. Fix: write the path of the twin document relative to this scenario file",
      ]
    `)
  })

  test("an invalid twin: its problems come with the twin's own file:line:col", () => {
    const found = scenarioProblems('invalid-twin')
    expect(found.map((problem) => `${problem.file}:${problem.line}:${problem.column}`)).toEqual([
      `${fixture('scenario/invalid-twin.scenario.yaml')}:5:7`,
      `${fixture('twin/bad-risk.twin.yaml')}:10:11`,
    ])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/scenario/invalid-twin.scenario.yaml:5:7 the twin "../twin/bad-risk.twin.yaml" is invalid (1 problem, reported at its own lines) at twin. Fix: fix the twin document; its tools cannot be checked against this scenario until then",
        "<repo>/test/schema/fixtures/twin/bad-risk.twin.yaml:10:11 \`risk\` is "read", which is not one of \`READ\`, \`WRITE_REVERSIBLE\`, \`WRITE_IRREVERSIBLE\` and \`OUTBOUND_COMMUNICATION\` at tools[0].risk. Fix: use one of \`READ\`, \`WRITE_REVERSIBLE\`, \`WRITE_IRREVERSIBLE\` and \`OUTBOUND_COMMUNICATION\` (did you mean \`READ\`?)",
      ]
    `)
  })

  test('probability 1.5, call 0 and a misspelt fault type', () => {
    const found = scenarioProblems('fault-conditions')
    expect(where(found)).toEqual([
      '10:26 faults[0].when.probability',
      '14:19 faults[1].when.call',
      '15:12 faults[1].fault',
    ])
    // The rule checker's words, the same a rule written in code gets.
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/scenario/fault-conditions.scenario.yaml:10:26 probability must be a number from 0 to 1, got 1.5 at faults[0].when.probability. Fix: write a rate such as 0.2 (20% of the calls); 50% is 0.5, not 50",
        "<repo>/test/schema/fixtures/scenario/fault-conditions.scenario.yaml:14:19 call must be a whole number of at least 1, got 0 at faults[1].when.call. Fix: call numbers count from 1 (the first call of the tool is 1)",
        "<repo>/test/schema/fixtures/scenario/fault-conditions.scenario.yaml:15:12 unknown fault type "timeout_after_mutaton" at faults[1].fault. Fix: did you mean "timeout_after_mutation"? run \`npx agenttwin faults\` to see every fault type",
      ]
    `)
  })

  test('several problems in one scenario are all reported', () => {
    const found = scenarioProblems('several-problems')
    expect(where(found)).toEqual([
      '12:5 expectations[0].gte',
      '13:9 expectations[1].id',
      '14:11 expectations[1].type',
      '18:11 expectations[2].path',
      '19:14 expectations[2].matches',
      '23:10 expectations[3].max',
    ])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/scenario/several-problems.scenario.yaml:12:5 the expectation gives \`equals\` and \`gte\`; only one check is allowed at expectations[0].gte. Fix: keep one of \`equals\` and \`gte\` (split the others into their own expectations)",
        "<repo>/test/schema/fixtures/scenario/several-problems.scenario.yaml:13:9 expectation id \`one-refund\` is used twice (first by expectations[0]) at expectations[1].id. Fix: give every expectation its own id; reports, overrides and comparisons refer to it",
        "<repo>/test/schema/fixtures/scenario/several-problems.scenario.yaml:14:11 unknown expectation type "stat"; the expectation types are \`state\`, \`noDuplicateSideEffect\`, \`outcomeVerified\`, \`callOrder\`, \`calledTool\`, \`notCalledTool\`, \`trajectory\`, \`handoff\`, \`maxRetries\`, \`noCollateralChanges\`, \`judge\`, \`contract\`, \`traceMatchesRecords\`, \`attackerGoal\`, \`claimLedger\`, \`asksBeforeActing\` and \`confirmedBeforeIrreversible\` at expectations[1].type. Fix: use one of \`state\`, \`noDuplicateSideEffect\`, \`outcomeVerified\`, \`callOrder\`, \`calledTool\`, \`notCalledTool\`, \`trajectory\`, \`handoff\`, \`maxRetries\`, \`noCollateralChanges\`, \`judge\`, \`contract\`, \`traceMatchesRecords\`, \`attackerGoal\`, \`claimLedger\`, \`asksBeforeActing\` and \`confirmedBeforeIrreversible\` (did you mean \`state\`?)",
        "<repo>/test/schema/fixtures/scenario/several-problems.scenario.yaml:18:11 state path "orders.constructor.status" uses \`constructor\`, which would reach the object prototype instead of the data at expectations[2].path. Fix: rename the key; \`__proto__\`, \`constructor\` and \`prototype\` cannot be used in state",
        "<repo>/test/schema/fixtures/scenario/several-problems.scenario.yaml:19:14 \`matches\` is not a valid regular expression: Invalid regular expression: /(unclosed/: Unterminated group at expectations[2].matches. Fix: fix the regular expression (escape special characters such as \`(\` or \`[\` with \`\\\`)",
        "<repo>/test/schema/fixtures/scenario/several-problems.scenario.yaml:23:10 \`max\` is -1, it must be >= 0 at expectations[3].max. Fix: use an integer of at least 0",
      ]
    `)
  })

  test('a state expectation without a check, and a handoff the twin cannot observe', () => {
    const text = [
      'apiVersion: agenttwin/scenario.v1',
      'id: gaps',
      'version: "1"',
      'title: Gaps',
      'twin: twin.yaml',
      'input: hi',
      'expectations:',
      '  - id: status',
      '    type: state',
      '    path: orders.ORD-1.status',
      '  - id: handed-off',
      '    type: handoff',
      '    expected: true',
    ].join('\n')
    const twin = loadTwinSync(fixture('twin/../valid/payments.twin.yaml'))
    const withoutHandoff = {
      ...twin,
      tools: twin.tools.filter((t) => t.name !== 'handoff_to_human'),
    }
    const found = problemsOf(() => parseScenario(text, 'gaps.yaml', { twin: withoutHandoff }))
    expect(where(found)).toEqual(['8:5 expectations[0]', '11:5 expectations[1]'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "gaps.yaml:8:5 the expectation does not say what the state value must be at expectations[0]. Fix: add one of \`equals\`, \`matches\`, \`exists\`, \`gt\`, \`gte\`, \`lt\` and \`lte\`",
        "gaps.yaml:11:5 twin \`demo-co-payments\` declares no handoff tool, so whether the case went to a human is unknown at expectations[1]. Fix: declare the tool that hands a case to a human with \`handoff: true\` in the twin, or name it here with \`tool:\`",
      ]
    `)
  })

  test('a twin file given where a scenario is expected', () => {
    const found = problemsOf(() => loadScenarioSync(fixture('valid/payments.twin.yaml')))
    expect(where(found)).toEqual(['1:13 apiVersion'])
    expect(found[0]!.message).toBe('this is a twin document (agenttwin/twin.v1), not a scenario')
  })
})
