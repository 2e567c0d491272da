import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { agents } from '../../examples/demo-co/agent/index.ts'
import { runAndEvaluateCase } from '../../src/case/run-and-evaluate.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import type { JsonObject } from '../../src/core/json.ts'
import { mineCase } from '../../src/mine/from-case.ts'
import { mineTrace } from '../../src/mine/from-trace.ts'
import { readMineInput } from '../../src/mine/read-source.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import { loadScenario } from '../../src/schema/index.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { scratchDir } from '../support/scratch-dir.ts'

const conversations = fileURLToPath(
  new URL('../../examples/demo-co/conversations/', import.meta.url),
)
const twinFile = fileURLToPath(
  new URL('../../examples/demo-co/twins/demo-co.twin.yaml', import.meta.url),
)
const scratch = scratchDir('agenttwin-mine-conversation')

async function play(file: string, version: 'v1.2.4' | 'v1.3.0') {
  const loaded = await loadScenario(file)
  const [pinned] = pinSelection([
    { file: loaded.file, document: loaded.document, twin: loaded.twin },
  ]).cases
  return { loaded, ...(await runAndEvaluateCase(pinned!, agents[version]!)) }
}

/** What a replay must repeat: each call with its turn, arguments and status, and the final state. */
function evidence(run: CaseRun) {
  return {
    calls: run.records.map((r) => ({ turn: r.turn, tool: r.tool, args: r.args, status: r.status })),
    users: run.conversation?.map((turn) => turn.user),
    finalState: run.finalState,
  }
}

function written(name: string, yaml: string): string {
  const file = join(scratch, name)
  writeFileSync(file, yaml)
  return file
}

describe('agenttwin mine turns a recorded conversation into a conversation scenario', () => {
  it('from a case: the turns, the fault and the failed checkpoints, replayed to the same evidence', async () => {
    const recorded = await play(
      `${conversations}refund-try-again-after-timeout.scenario.yaml`,
      'v1.3.0',
    )
    const failed = recorded.results
      .filter((result) => result.label !== 'PASS')
      .map(({ id, type, label, message }) => ({ id, type, label, message }))
    expect(failed.length).toBeGreaterThan(0)
    const yaml = mineCase({
      run: recorded.run,
      failed,
      scenario: recorded.loaded.document,
      fixtures: recorded.loaded.twin.state,
      twinPath: twinFile,
      source: 'reports/agenttwin.json',
    })
    expect(normaliseText(yaml)).toMatchInlineSnapshot(`
      "# Mined by agenttwin mine from reports/agenttwin.json: scenario refund-try-again-after-timeout v1.0.0,
      # agent demo-co-support 1.3.0, seed 1002, 7 tool calls.
      # Run it against 1.3.0 to reproduce what failed there.

      apiVersion: agenttwin/scenario.v1
      id: mined-refund-try-again-after-timeout-1.3.0
      version: 1.0.0
      title: 'Regression: "It failed, please try again" after a refund that did go through (demo-co-support 1.3.0)'
      twin: <repo>/examples/demo-co/twins/demo-co.twin.yaml
      seed: 1002
      conversation:
        - user: Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?
          input:
            customer_id: CUS-501
        - user: My banking app still shows nothing, it failed. Please try again.
          input:
            customer_id: CUS-501
          checkpoints:
            # FAIL in the recorded case: By the end of turn 2: orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #2 and #6.
            - id: still-one-refund-after-try-again
              type: state
              path: orders.ORD-1001.refund_count
              equals: 1
              critical: true
      faults:
        # fired on refund_payment #2 (call 1 of refund_payment); the caller saw status 504
        - id: refund-commits-then-times-out-call-1
          tool: refund_payment
          when:
            call: 1
          fault: timeout_after_mutation
        # fired on refund_payment #3 (call 2 of refund_payment); the caller saw no status
        - id: provider-down-for-the-rest-of-turn-1-call-2
          tool: refund_payment
          when:
            call: 2
          fault: connection_refused
      expectations:
        # FAIL in the recorded case: orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #6.
        - id: refunded-exactly-40
          type: state
          path: orders.ORD-1001.refunded_amount
          equals: 40
          critical: true
        # FAIL in the recorded case: Effect refund:ORD-1001 was applied 2 times: refund_payment #2 (fault timeout_after_mutation, caller saw status 504) and #6.
        - id: no-double-refund
          type: noDuplicateSideEffect
          tool: refund_payment
          critical: true
        # FAIL in the recorded case: In turn 2: refund_payment was called (#6, status 200), which this case forbids.
        - id: nothing-refunded-on-try-again
          type: notCalledTool
          tool: refund_payment
          turn: 2
        # the twin saw a write: a claimed success must be backed by state
        - id: mined-outcome-verified
          type: outcomeVerified
          critical: true
      "
    `)
    const replayed = await play(written('from-case.scenario.yaml', yaml), 'v1.3.0')
    expect(replayed.loaded.document.conversation).toHaveLength(recorded.run.conversation!.length)
    expect(evidence(replayed.run)).toEqual(evidence(recorded.run))
    const stillFailing = replayed.results.filter((r) => r.label !== 'PASS').map((r) => r.id)
    for (const { id } of failed) expect(stillFailing).toContain(id)
  })

  it('from a JSON message list with several user turns, replayed to the same calls', async () => {
    const recorded = await play(`${conversations}refund-no-order-id.scenario.yaml`, 'v1.2.4')
    const messages: JsonObject[] = [{ role: 'system', content: 'You are Demo Co support.' }]
    for (const turn of recorded.run.conversation!) {
      messages.push({ role: 'user', content: [{ type: 'text', text: turn.user }] })
      const calls = recorded.run.records.filter((record) => record.turn === turn.turn)
      if (calls.length > 0) {
        messages.push({
          role: 'assistant',
          content: null,
          tool_calls: calls.map((call) => ({
            id: `call-${call.seq}`,
            type: 'function',
            function: { name: call.tool, arguments: JSON.stringify(call.args) },
          })),
        })
        for (const call of calls) {
          messages.push({
            role: 'tool',
            tool_call_id: `call-${call.seq}`,
            content: JSON.stringify(call.response ?? {}),
          })
        }
      }
      messages.push({ role: 'assistant', content: turn.result?.reply ?? '' })
    }
    const input = readMineInput(JSON.stringify(messages), 'chat.json', { side: 'candidate' })
    expect(input.kind).toBe('trace')
    if (input.kind !== 'trace') return
    const yaml = mineTrace({
      spans: input.spans,
      ...(input.transcript && { transcript: input.transcript }),
      twin: recorded.loaded.twin,
      twinPath: twinFile,
      source: 'chat.json',
    })
    expect(normaliseText(yaml)).toBe(minedConversation('chat.json'))
    const replayed = await play(written('from-messages.scenario.yaml', yaml), 'v1.2.4')
    expect(evidence(replayed.run)).toEqual(evidence(recorded.run))
  })

  it('from OTLP with one invoke_agent span per user turn', async () => {
    const recorded = await play(`${conversations}refund-no-order-id.scenario.yaml`, 'v1.2.4')
    const spans: JsonObject[] = []
    const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } })
    let id = 0
    for (const turn of recorded.run.conversation!) {
      spans.push({
        traceId: 'a'.repeat(32),
        spanId: (++id).toString(16).padStart(16, '0'),
        name: 'invoke_agent support',
        startTimeUnixNano: String(id),
        endTimeUnixNano: String(id),
        attributes: [
          attribute('gen_ai.operation.name', 'invoke_agent'),
          attribute(
            'gen_ai.input.messages',
            JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: turn.user }] }]),
          ),
        ],
      })
      for (const call of recorded.run.records.filter((record) => record.turn === turn.turn)) {
        spans.push({
          traceId: 'a'.repeat(32),
          spanId: (++id).toString(16).padStart(16, '0'),
          name: `execute_tool ${call.tool}`,
          startTimeUnixNano: String(id),
          endTimeUnixNano: String(id),
          attributes: [
            attribute('gen_ai.operation.name', 'execute_tool'),
            attribute('gen_ai.tool.name', call.tool),
            attribute('gen_ai.tool.call.arguments', JSON.stringify(call.args)),
          ],
        })
      }
    }
    const otlp = { resourceSpans: [{ scopeSpans: [{ spans }] }] }
    const input = readMineInput(JSON.stringify(otlp), 'trace.json', { side: 'candidate' })
    if (input.kind !== 'trace') throw new Error('test setup: not read as a trace')
    const yaml = mineTrace({
      spans: input.spans,
      twin: recorded.loaded.twin,
      twinPath: twinFile,
      source: 'trace.json',
    })
    expect(normaliseText(yaml)).toBe(minedConversation('trace.json'))
    const replayed = await play(written('from-otlp.scenario.yaml', yaml), 'v1.2.4')
    expect(evidence(replayed.run)).toEqual(evidence(recorded.run))
  })

  it('refuses a message list without a user message, with a fix', () => {
    expect(() =>
      readMineInput(JSON.stringify([{ role: 'assistant', content: 'Hi' }]), 'chat.json', {
        side: 'candidate',
      }),
    ).toThrow(/no message with role "user"/)
  })
})

/** What `mineTrace` writes for the Demo Co conversation, whichever trace format it read (`source`). */
function minedConversation(source: string): string {
  return `# Mined by agenttwin mine from the trace ${source}: the agent, 5 traced tool calls over 2 user turns.
# The trace is testimony: check every TODO below before trusting this scenario.

apiVersion: agenttwin/scenario.v1
id: mined-from-trace
version: 1.0.0
title: Mined from a trace of the agent
twin: <repo>/examples/demo-co/twins/demo-co.twin.yaml
# each recorded user turn, in order; the twin's state carries over between them
conversation:
  # turn 1 called no tool
  - user: Hi, my stoneware mug set arrived broken. Could you refund 40 USD, please?
  # turn 2 called lookup_order, get_refund_policy, refund_payment, lookup_order, send_customer_email
  - user: Sure, it is ORD-1001.
expectations:
  - id: mined-no-duplicate-side-effect
    type: noDuplicateSideEffect
    critical: true
  - id: mined-outcome-verified
    type: outcomeVerified
    critical: true

# TODO: the trace does not show the state the systems were in; add state: overrides over the twin's fixtures if the case needs them.
# Traced calls, in order: lookup_order, get_refund_policy, refund_payment, lookup_order, send_customer_email.
`
}
