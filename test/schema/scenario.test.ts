import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
  loadScenario,
  loadScenarioSync,
  loadTwinSync,
  parseScenario,
} from '../../src/schema/index.ts'
import { fixture, problemsOf, problemsOfAsync, where } from './helpers.ts'

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
    expect(found[0]!.message).toBe('twin "demo-co-payments" has no tool "refund_paymnet"')
    expect(found[0]!.fix).toContain('did you mean "refund_payment"?')
    expect(found[1]!.fix).toContain('did you mean `get_refund_policy`?')
  })

  test('a twin file that does not exist', async () => {
    const found = await problemsOfAsync(() =>
      loadScenario(fixture('scenario/missing-twin.scenario.yaml')),
    )
    expect(where(found)).toEqual(['5:7 twin'])
    expect(found[0]!.message).toContain('the twin file "./no-such.twin.yaml" does not exist')
  })

  test("an invalid twin: its problems come with the twin's own file:line:col", () => {
    const found = scenarioProblems('invalid-twin')
    expect(found.map((problem) => `${problem.file}:${problem.line}:${problem.column}`)).toEqual([
      `${fixture('scenario/invalid-twin.scenario.yaml')}:5:7`,
      `${fixture('twin/bad-risk.twin.yaml')}:10:11`,
    ])
    expect(found[0]!.message).toContain('is invalid (1 problem, reported at its own lines)')
    expect(found[1]!.path).toBe('tools[0].risk')
  })

  test('probability 1.5, call 0 and a misspelt fault type', () => {
    const found = scenarioProblems('fault-conditions')
    expect(where(found)).toEqual([
      '10:26 faults[0].when.probability',
      '14:19 faults[1].when.call',
      '15:12 faults[1].fault',
    ])
    // The rule checker's words, the same a rule written in code gets.
    expect(found[0]!.fix).toBe('write a rate such as 0.2 (20% of the calls); 50% is 0.5, not 50')
    expect(found[1]!.fix).toBe('call numbers count from 1 (the first call of the tool is 1)')
    expect(found[2]!.fix).toContain('did you mean "timeout_after_mutation"?')
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
    expect(found[0]!.message).toContain('only one check is allowed')
    expect(found[1]!.message).toBe(
      'expectation id `one-refund` is used twice (first by expectations[0])',
    )
    expect(found[2]!.fix).toContain('did you mean `state`?')
    expect(found[3]!.message).toContain('uses `constructor`')
    expect(found[4]!.message).toContain('not a valid regular expression')
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
    expect(found[0]!.fix).toContain('`equals`')
    expect(found[1]!.message).toContain('declares no handoff tool')
    expect(found[1]!.fix).toContain('`handoff: true`')
  })

  test('a twin file given where a scenario is expected', () => {
    const found = problemsOf(() => loadScenarioSync(fixture('valid/payments.twin.yaml')))
    expect(where(found)).toEqual(['1:13 apiVersion'])
    expect(found[0]!.message).toBe('this is a twin document (agenttwin/twin.v1), not a scenario')
  })
})
