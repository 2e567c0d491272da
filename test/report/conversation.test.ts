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
    const lines = renderTerminal(await pairReport(), { color: false }).split('\n')
    for (const line of [
      '  First divergence at step 2 (turn-ended)',
      '    In turn 1, at step 2 the baseline asked the user "Which order is it?"; the candidate called refund_payment(amount=40, order_id=ORD-1001).',
      "    The baseline ended turn 1 without a tool call and waited for the user's answer; the candidate went on in the same turn and called the irreversible refund_payment.",
      '  Conversation (user turns between the calls)',
      '      2. turn 2, the user said "It is ORD-1001."; the agent replied "Shall I refund 40 USD to your card?"',
      '      3. lookup_order(order_id=ORD-1001) → 200',
      '    ✗ nothing-refunded-after-turn-1 at turn 1 PASS → FAIL (regressed)',
      '      candidate: In turn 1: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.',
    ]) {
      expect(lines).toContain(line)
    }
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
    const report = await pairReport()
    const page = renderHtml(report)
    expect(page).toContain('<div class="turn-head">Turn 1</div>')
    expect(page).toContain('<b>user:</b> It is ORD-1001.')
    expect(page).toMatch(
      /<ul class="turn-failed"><li><code>nothing-refunded-after-turn-1<\/code> <b>FAIL<\/b>/,
    )
    const hostile: Script = {
      calls: [],
      turns: [{ user: '<script>alert(1)</script>', calls: [], reply: '<img src=x onerror=y>' }],
    }
    const sideOf = (agent: typeof v124) => ({
      agent,
      cases: [{ run: runCase(scenario, agent, hostile), results: [] }],
    })
    const escaped = renderHtml(
      buildReport([comparePair({ baseline: sideOf(v124), candidate: sideOf(v130) })]),
    )
    expect(escaped).toContain('<b>user:</b> &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(escaped).not.toContain('<img src=x')
  })

  it('locates a case’s failure at its turn when the case ran on one version', async () => {
    const report = buildReport([], { singleCases: [await side(v130, candidate)] })
    const text = renderTerminal(report, { color: false })
    expect(text).toContain(
      '1 expectation did not pass: nothing-refunded-after-turn-1 (FAIL at turn 1).',
    )
    expect(text).toContain(
      '✗ turn 1: nothing-refunded-after-turn-1 FAIL: In turn 1: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #1.',
    )
    expect(renderHtml(report)).toContain('<li class="at-turn"><b>turn 1</b>')
  })
})
