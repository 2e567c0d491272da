import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair, type SideCase } from '../../src/compare/pair.ts'
import { comparisonReportSchema } from '../../src/compare/report-schema.ts'
import { toSteps } from '../../src/compare/steps.ts'
import { evaluateExpectations } from '../../src/evaluate/evaluate.ts'
import { renderHtml, renderTerminal } from '../../src/report/index.ts'
import { renderTrajectory } from '../../src/report/trajectory.ts'
import type { ExpectationDocument } from '../../src/schema/scenario-document.ts'
import { call, runCase, type Script, v124, v130 } from '../compare/helpers/run-case.ts'
import { parseHtml } from '../support/html-dom.ts'
import { blockOf, normaliseText } from '../support/normalise-text.ts'

// A three-turn refund: the baseline asks for the order and refunds once the
// customer answers; the candidate refunds in turn 1, before it was told which
// order. The checkpoint of turn 1 (nothing refunded yet) fails on the candidate.
const scenario = { id: 'refund-three-turns' }

const baseline: Script = {
  calls: [],
  turns: [
    { user: 'My mug set arrived broken.', calls: [], reply: 'Which order is it?' },
    {
      user: 'It is ORD-1001.',
      calls: [call.lookup()],
      reply: 'Shall I refund 40 USD to your card?',
    },
    {
      user: 'Yes, please go ahead.',
      calls: [call.refund(40)],
      reply: 'Refunded 40 USD.',
      outcome: 'SUCCESS',
    },
  ],
}

const candidate: Script = {
  calls: [],
  turns: [
    { user: 'My mug set arrived broken.', calls: [call.refund(40)], reply: 'Done, refunded.' },
    { user: 'It is ORD-1001.', calls: [], reply: 'Already done.' },
    { user: 'Yes, please go ahead.', calls: [], reply: 'All set.', outcome: 'SUCCESS' },
  ],
}

// A checkpoint of turn 1, as the scenario loader hands it to the case: the turns up to 1.
const expectations: ExpectationDocument[] = [
  {
    id: 'nothing-refunded-after-turn-1',
    type: 'state',
    path: 'orders.ORD-1001.refund_count',
    equals: 0,
    turns: { to: 1 },
  },
  { id: 'refunded-once', type: 'state', path: 'orders.ORD-1001.refund_count', equals: 1 },
]

async function side(agent: typeof v124, script: Script): Promise<SideCase> {
  const run = runCase(scenario, agent, script)
  return { run, results: await evaluateExpectations(expectations, run) }
}

async function pairReport() {
  const pair = comparePair({
    baseline: { agent: v124, cases: [await side(v124, baseline)] },
    candidate: { agent: v130, cases: [await side(v130, candidate)] },
  })
  return buildReport([pair])
}

describe('a conversation in the reports', () => {
  it('puts a turn step before each turn’s calls, with the user’s message and the reply', () => {
    const steps = toSteps(runCase(scenario, v124, baseline))
    expect(steps.map((step) => (step.kind === 'call' ? step.tool : step.kind))).toEqual([
      'turn',
      'turn',
      'lookup_order',
      'turn',
      'refund_payment',
      'outcome',
    ])
    expect(renderTrajectory(runCase(scenario, v124, baseline)).split('\n')[0]).toBe(
      '1. turn 1, the user said "My mug set arrived broken."; the agent replied "Which order is it?"',
    )
  })

  it('names the turn in the terminal: the conversation, the divergence and the failed checkpoint', async () => {
    const text = renderTerminal(await pairReport(), { color: false })
    expect(normaliseText(blockOf(text, 'refund-three-turns'))).toMatchInlineSnapshot(`
      "REGRESSED refund-three-turns v1 refund three turns
        expectation nothing-refunded-after-turn-1 is PASS on the baseline and FAIL on the candidate
        baseline reported SUCCESS; candidate reported SUCCESS
        First divergence at step 2 (turn-ended)
          In turn 1, at step 2 the baseline asked the user "Which order is it?"; the candidate called refund_payment(amount=40, order_id=ORD-1001).
          The baseline ended turn 1 without a tool call and waited for the user's answer; the candidate went on in the same turn and called the irreversible refund_payment.
        Conversation (user turns between the calls)
          baseline:
            1. turn 1, the user said "My mug set arrived broken."; the agent replied "Which order is it?"
            2. turn 2, the user said "It is ORD-1001."; the agent replied "Shall I refund 40 USD to your card?"
            3. lookup_order(order_id=ORD-1001) → 200
            4. turn 3, the user said "Yes, please go ahead."; the agent replied "Refunded 40 USD."
            5. refund_payment(amount=40, order_id=ORD-1001) → 200 changed orders.ORD-1001.refunded_amount from 0 to 40, orders.ORD-1001.refund_count from 0 to 1 and orders.ORD-1001.refundable_amount from 128 to 88
            6. reported SUCCESS
          candidate:
            1. turn 1, the user said "My mug set arrived broken."; the agent replied "Done, refunded."
            2. refund_payment(amount=40, order_id=ORD-1001) → 200 changed orders.ORD-1001.refunded_amount from 0 to 40, orders.ORD-1001.refund_count from 0 to 1 and orders.ORD-1001.refundable_amount from 128 to 88
            3. turn 2, the user said "It is ORD-1001."; the agent replied "Already done."
            4. turn 3, the user said "Yes, please go ahead."; the agent replied "All set."
            5. reported SUCCESS
        Expectations (baseline → candidate)
          ✗ nothing-refunded-after-turn-1 at turn 1 PASS → FAIL (regressed)
            candidate: In turn 1: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.
            evidence {"changedBy":[{"after":1,"before":0,"path":"orders.ORD-1001.refund_count","seq":1,"tool":"refund_payment"}],"check":{"equals":0},"found":true,"path":"orders.OR…
        Metrics (not part of the verdict) latency <time> → <time>, tool calls 2 → 1, tokens n/a → n/a, llm n/a → n/a"
    `)
  })

  it('validates against the report schema with turn steps and located failures', async () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(comparisonReportSchema)
    const report = JSON.parse(JSON.stringify(await pairReport()))
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    const item = report.pairs[0].cases[0]
    expect(item.trajectories.candidate[0]).toEqual({
      kind: 'turn',
      step: 1,
      turn: 1,
      user: 'My mug set arrived broken.',
      reply: 'Done, refunded.',
    })
    expect(item.candidate.failed).toContainEqual(
      expect.objectContaining({ id: 'nothing-refunded-after-turn-1', turn: 1 }),
    )
  })

  it('shows the user turns in the HTML lanes, escaped, with the failure at its turn', async () => {
    const page = parseHtml(renderHtml(await pairReport()))
    const turns = (side: string) => page.texts(`table.lanes td.lane.${side}.turn .turn-head`)
    expect(turns('baseline')).toEqual(['Turn 1', 'Turn 2', 'Turn 3'])
    expect(turns('candidate')).toEqual(['Turn 1', 'Turn 2', 'Turn 3'])
    // The candidate's turn 1: the user's message, the reply and the checkpoint that failed there.
    const turn1 = page.all('table.lanes td.lane.candidate.turn')[0]!
    expect(page.text('.user', turn1)).toBe('user: My mug set arrived broken.')
    expect(page.text('.reply', turn1)).toBe('agent, end of turn: Done, refunded.')
    expect(page.texts('ul.turn-failed li', turn1)).toEqual([
      'nothing-refunded-after-turn-1 FAIL In turn 1: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.',
    ])
    expect(page.all('ul.turn-failed li')).toHaveLength(1)
    expect(page.texts('table.lanes td.lane.baseline.turn .user')[1]).toBe('user: It is ORD-1001.')
    const hostile: Script = {
      calls: [],
      turns: [{ user: '<script>alert(1)</script>', calls: [], reply: '<img src=x onerror=y>' }],
    }
    const sideOf = (agent: typeof v124) => ({
      agent,
      cases: [{ run: runCase(scenario, agent, hostile), results: [] }],
    })
    const escaped = parseHtml(
      renderHtml(buildReport([comparePair({ baseline: sideOf(v124), candidate: sideOf(v130) })])),
    )
    expect(escaped.texts('td.lane.turn .user')).toEqual([
      'user: <script>alert(1)</script>',
      'user: <script>alert(1)</script>',
    ])
    expect(escaped.texts('td.lane.turn .reply')).toEqual([
      'agent, end of turn: <img src=x onerror=y>',
      'agent, end of turn: <img src=x onerror=y>',
    ])
    expect(escaped.all('script')).toHaveLength(1)
    expect(escaped.all('img')).toEqual([])
  })

  it('locates a case’s failure at its turn when the case ran on one version', async () => {
    const report = buildReport([], { singleCases: [await side(v130, candidate)] })
    const text = renderTerminal(report, { color: false })
    expect(normaliseText(blockOf(text, 'Cases on one version'))).toMatchInlineSnapshot(`
      "Cases on one version: 1 FAIL
        FAIL refund-three-turns 1 on support-refund-agent 1.3.0: 1 expectation did not pass: nothing-refunded-after-turn-1 (FAIL at turn 1).
          tool calls 1 · llm scripted · tokens n/a
          ✗ nothing-refunded-after-turn-1 FAIL: In turn 1: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1."
    `)
    const page = parseHtml(renderHtml(report))
    expect(page.texts('table.singles tr.single li.at-turn')).toEqual([
      'nothing-refunded-after-turn-1 FAIL: In turn 1: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.',
    ])
  })
})
