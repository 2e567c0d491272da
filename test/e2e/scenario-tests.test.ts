import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { failureBlock, normalizeOutput } from './helpers/normalize.ts'
import { findTest, moduleStates, testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'

// Single-version mode (v1.3.0): the happy path, the timeout-after-mutation
// case, and a document with two mistakes, in one `vitest run --reporter=verbose`.
const root = fileURLToPath(new URL('./fixtures/single-version', import.meta.url))
const timeoutFile = `${root}/scenarios/refund-timeout-after-mutation.scenario.yaml`
const brokenFile = `${root}/scenarios/refund-broken-document.scenario.yaml`

let run: VitestRun

beforeAll(async () => {
  run = await runVitest({ root, reporters: ['verbose'] })
})

describe('scenario YAML files run as tests (single-version mode)', () => {
  test('one test per expectation, named after it and located at its YAML line', () => {
    expect(testList(run.modules, root)).toMatchInlineSnapshot(`
      [
        "scenarios/refund-happy-path.scenario.yaml:15:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > refunded-exactly-once | passed",
        "scenarios/refund-happy-path.scenario.yaml:20:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > refunded-amount | passed",
        "scenarios/refund-happy-path.scenario.yaml:25:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > no-double-refund | passed",
        "scenarios/refund-happy-path.scenario.yaml:29:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > success-backed-by-state | passed",
        "scenarios/refund-happy-path.scenario.yaml:34:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > policy-before-refund | failed",
        "scenarios/refund-happy-path.scenario.yaml:39:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > customer-notified | passed",
        "scenarios/refund-happy-path.scenario.yaml:43:5 | refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > not-handed-off | passed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:21:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > refunded-exactly-once | failed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:26:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > refunded-amount | failed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:31:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > no-double-refund | failed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:35:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > success-backed-by-state | failed",
        "scenarios/refund-timeout-after-mutation.scenario.yaml:40:5 | refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > policy-before-refund | failed",
      ]
    `)
  })

  test('the failure names the expectation, its label and its evidence', () => {
    const test = findTest(run.modules, 'answering > v1.3.0 > success-backed-by-state')
    const [error] = test.result().errors ?? []
    expect(error?.message).toBe(
      'success-backed-by-state (outcomeVerified, critical) is STATE_MISMATCH: The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.',
    )
    expect(error).toMatchObject({
      name: 'ExpectationFailed',
      code: 'AGENTTWIN_EXPECTATION_FAILED',
      evidence: {
        changedBy: [
          { path: 'orders.ORD-1001.refunded_amount', seq: 2, before: 0, after: 40 },
          { path: 'orders.ORD-1001.refunded_amount', seq: 3, before: 40, after: 80 },
        ],
      },
    })
  })

  test('the test and its failure point at the expectation in the YAML document', () => {
    const test = findTest(run.modules, 'answering > v1.3.0 > success-backed-by-state')
    const yamlLine = readFileSync(timeoutFile, 'utf8').split('\n')[test.location!.line - 1]
    expect(yamlLine).toBe('  - id: success-backed-by-state')
    expect(test.location).toEqual({ line: test.location!.line, column: 5 })
    const frame = test
      .result()
      .errors?.[0]?.stack?.split('\n')
      .find((line) => line.includes(' at '))
    expect(frame).toBe(
      `    at success-backed-by-state (${timeoutFile}:${test.location!.line}:${test.location!.column})`,
    )
  })

  test('the terminal shows the failure with a code frame of the YAML', () => {
    const block = failureBlock(
      run.stderr,
      'scenarios/refund-timeout-after-mutation.scenario.yaml:35:5',
    )
    expect(normalizeOutput(block)).toMatchInlineSnapshot(`
      " FAIL  scenarios/refund-timeout-after-mutation.scenario.yaml:35:5 > refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > success-backed-by-state
      ExpectationFailed: success-backed-by-state (outcomeVerified, critical) is STATE_MISMATCH: The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3.

      - Expected
      + Received

        {
      -   "orders.ORD-1001.refunded_amount": 40,
      +   "orders.ORD-1001.refunded_amount": 80,
        }

       ❯ success-backed-by-state scenarios/refund-timeout-after-mutation.scenario.yaml:35:5
           33|     tool: refund_payment
           34|     critical: true
           35|   - id: success-backed-by-state
             |     ^
           36|     type: outcomeVerified
           37|     path: orders.ORD-1001.refunded_amount"
    `)
  })

  test('the verbose list shows each expectation with its YAML location', () => {
    const lines = normalizeOutput(run.stdout)
      .split('\n')
      .filter((line) => /^ [✓×] /.test(line))
    // Files finish in any order; within a file the order is the document's.
    const file = (line: string) => line.slice(3, line.indexOf(':'))
    lines.sort((a, b) => file(a).localeCompare(file(b)))
    expect(lines).toMatchInlineSnapshot(`
      [
        " ✓ scenarios/refund-happy-path.scenario.yaml:15:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > refunded-exactly-once <time>",
        " ✓ scenarios/refund-happy-path.scenario.yaml:20:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > refunded-amount <time>",
        " ✓ scenarios/refund-happy-path.scenario.yaml:25:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > no-double-refund <time>",
        " ✓ scenarios/refund-happy-path.scenario.yaml:29:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > success-backed-by-state <time>",
        " × scenarios/refund-happy-path.scenario.yaml:34:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > policy-before-refund <time>",
        " ✓ scenarios/refund-happy-path.scenario.yaml:39:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > customer-notified <time>",
        " ✓ scenarios/refund-happy-path.scenario.yaml:43:5 > refund-happy-path: A 40 USD refund for a broken mug set > v1.3.0 > not-handed-off <time>",
        " × scenarios/refund-timeout-after-mutation.scenario.yaml:21:5 > refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > refunded-exactly-once <time>",
        " × scenarios/refund-timeout-after-mutation.scenario.yaml:26:5 > refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > refunded-amount <time>",
        " × scenarios/refund-timeout-after-mutation.scenario.yaml:31:5 > refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > no-double-refund <time>",
        " × scenarios/refund-timeout-after-mutation.scenario.yaml:35:5 > refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > success-backed-by-state <time>",
        " × scenarios/refund-timeout-after-mutation.scenario.yaml:40:5 > refund-timeout-after-mutation: The payment provider refunds, then times out before answering > v1.3.0 > policy-before-refund <time>",
      ]
    `)
  })
})

describe('an invalid scenario document', () => {
  test('fails only its own file; the other files run and pass or fail as usual', () => {
    expect(moduleStates(run.modules, root)).toEqual([
      'scenarios/refund-broken-document.scenario.yaml | failed',
      'scenarios/refund-happy-path.scenario.yaml | failed',
      'scenarios/refund-timeout-after-mutation.scenario.yaml | failed',
    ])
    const broken = run.modules.find((module) => module.moduleId === brokenFile)!
    expect([...broken.children.allTests()]).toEqual([])
    expect(run.stdout).toMatch(
      /Test Files {2}3 failed \(3\)\n {6}Tests {2}6 failed \| 6 passed \(12\)/,
    )
    expect(run.exitCode).toBe(1)
  })

  test("reports every problem with the loader's file:line:col message", () => {
    const broken = run.modules.find((module) => module.moduleId === brokenFile)!
    const [error] = broken.errors()
    expect(error?.name).toBe('InvalidDocumentError')
    expect(error?.message).toBe(
      [
        '2 problems:',
        `${brokenFile}:6:7 \`seed\` must be an integer, found the string "seven" at seed. Fix: write an integer`,
        `${brokenFile}:12:11 twin "demo-co-support-tools" has no tool "refund_paymnt" at faults[0].tool. Fix: did you mean "refund_payment"? The twin's tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human`,
      ].join('\n'),
    )
  })

  test('the terminal shows the loader message and a code frame of the YAML, not a stack into AgentTwin', () => {
    const block = failureBlock(run.stderr, 'scenarios/refund-broken-document.scenario.yaml')
    expect(block).not.toContain('/src/')
    expect(normalizeOutput(block)).toMatchInlineSnapshot(`
      " FAIL  scenarios/refund-broken-document.scenario.yaml [ scenarios/refund-broken-document.scenario.yaml ]
      InvalidDocumentError: 2 problems:
      <repo>/test/e2e/fixtures/single-version/scenarios/refund-broken-document.scenario.yaml:6:7 \`seed\` must be an integer, found the string "seven" at seed. Fix: write an integer
      <repo>/test/e2e/fixtures/single-version/scenarios/refund-broken-document.scenario.yaml:12:11 twin "demo-co-support-tools" has no tool "refund_paymnt" at faults[0].tool. Fix: did you mean "refund_payment"? The twin's tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human
       ❯ seed scenarios/refund-broken-document.scenario.yaml:6:7
            4| title: A scenario with two mistakes the loader must point at
            5| twin: ../../../../../examples/demo-co/twins/demo-co.twin.yaml
            6| seed: seven
             |       ^
            7| input:
            8|   message: Hi, please refund 40 USD for order ORD-1001."
    `)
  })
})
