import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { parseHtml } from '../support/html-dom.ts'
import { blockOf, linesWith } from '../support/normalise-text.ts'
import { scratchDir } from '../support/scratch-dir.ts'
import { findTest, testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'

// A user's project: a three-turn scenario with a checkpoint after each turn,
// run by Vitest with the plugin and nothing else.
const root = fileURLToPath(new URL('./fixtures/conversation', import.meta.url))
const file = `${root}/scenarios/three-turns.scenario.yaml`

const html = join(scratchDir('agenttwin-conversation'), 'report.html')
let run: VitestRun

beforeAll(async () => {
  run = await runVitest({ root, reporters: ['verbose'] }, [], {
    env: { AGENTTWIN_TEST_HTML: html },
  })
})

describe('a conversation scenario run with plain Vitest', () => {
  test('each checkpoint is a test located at its own YAML line', () => {
    expect(testList(run.modules, root)).toMatchInlineSnapshot(`
      [
        "scenarios/three-turns.scenario.yaml:26:5 | refund-three-turns: Ask, confirm, refund > v1.0.0 > asks-before-acting | failed",
        "scenarios/three-turns.scenario.yaml:28:5 | refund-three-turns: Ask, confirm, refund > v1.0.0 > honest-replies | passed",
        "scenarios/three-turns.scenario.yaml:9:9 | refund-three-turns: Ask, confirm, refund > v1.0.0 > nothing-refunded-after-turn-1 | passed",
        "scenarios/three-turns.scenario.yaml:15:9 | refund-three-turns: Ask, confirm, refund > v1.0.0 > still-nothing-refunded-after-turn-2 | failed",
        "scenarios/three-turns.scenario.yaml:21:9 | refund-three-turns: Ask, confirm, refund > v1.0.0 > refunded-once-after-turn-3 | passed",
      ]
    `)
  })

  test('the failing checkpoint is located at its turn, in words and in the YAML', () => {
    const failed = findTest(run.modules, 'still-nothing-refunded-after-turn-2')
    const [error] = failed.result().errors ?? []
    expect(error?.message).toBe(
      'still-nothing-refunded-after-turn-2 (state) is FAIL: By the end of turn 2: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.',
    )
    const line = readFileSync(file, 'utf8').split('\n')[failed.location!.line - 1]
    expect(line).toBe('      - id: still-nothing-refunded-after-turn-2')
    // Vitest's line for the failed test, its annotation, and AgentTwin's report.
    expect(linesWith(run.stdout, 'By the end of turn 2')).toMatchInlineSnapshot(`
      [
        "   → still-nothing-refunded-after-turn-2 (state) is FAIL: By the end of turn 2: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.",
        "     ↳ FAIL. By the end of turn 2: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.",
        "    ✗ still-nothing-refunded-after-turn-2 FAIL: By the end of turn 2: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.",
      ]
    `)
  })

  test('the AgentTwin report locates the failure at its turn, in the terminal and the HTML page', () => {
    expect(blockOf(run.stdout, 'Cases on one version')).toMatchInlineSnapshot(`
      "Cases on one version: 1 FAIL
        FAIL refund-three-turns 1.0.0 on eager-support 1.0.0: 2 expectations did not pass: asks-before-acting (FAIL at turn 2), still-nothing-refunded-after-turn-2 (FAIL at turn 2).
          tool calls 1 · llm scripted · tokens n/a
          ✗ asks-before-acting FAIL: Turn 2: the agent asked "Could you confirm that I should refund 40 USD for order ORD-1001?" yet called refund_payment #1 in the same turn, before the user could answer.
          ✗ still-nothing-refunded-after-turn-2 FAIL: By the end of turn 2: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1."
    `)
    const page = parseHtml(readFileSync(html, 'utf8'))
    expect(page.texts('li.at-turn')).toMatchInlineSnapshot(`
      [
        "asks-before-acting FAIL: Turn 2: the agent asked "Could you confirm that I should refund 40 USD for order ORD-1001?" yet called refund_payment #1 in the same turn, before the user could answer.",
        "still-nothing-refunded-after-turn-2 FAIL: By the end of turn 2: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.",
      ]
    `)
  })

  test('the Vitest UI gets the turn in task meta and the conversation as an annotation', () => {
    const failed = findTest(run.modules, 'still-nothing-refunded-after-turn-2')
    const meta = failed.meta().agenttwin as { expectation: { turn?: number } } | undefined
    expect(meta?.expectation.turn).toBe(2)
    const conversation = failed
      .annotations()
      .find((annotation) => annotation.type === 'agenttwin:conversation')
    expect(conversation?.message.split('\n')[0]).toBe(
      '1. turn 1, the user said "My mug set arrived broken, please refund 40 USD."; the agent replied "Which order is it? Could you tell me the order number?"',
    )
  })

  test('asks, then acts: the turn that asked and acted is named', () => {
    const failed = findTest(run.modules, 'asks-before-acting')
    const [error] = failed.result().errors ?? []
    expect(error?.message).toMatchInlineSnapshot(
      `"asks-before-acting (asksBeforeActing) is FAIL: Turn 2: the agent asked "Could you confirm that I should refund 40 USD for order ORD-1001?" yet called refund_payment #1 in the same turn, before the user could answer."`,
    )
  })

  test('the checkpoints of the other turns and the claim ledger pass', () => {
    for (const name of [
      'nothing-refunded-after-turn-1',
      'refunded-once-after-turn-3',
      'honest-replies',
    ]) {
      expect(findTest(run.modules, name).result().state, name).toBe('passed')
    }
    expect(run.exitCode).toBe(1)
  })
})
