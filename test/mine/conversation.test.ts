import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
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

const conversations = fileURLToPath(
  new URL('../../examples/demo-co/conversations/', import.meta.url),
)
const twinFile = fileURLToPath(
  new URL('../../examples/demo-co/twins/demo-co.twin.yaml', import.meta.url),
)
const scratch = mkdtempSync(join(tmpdir(), 'agenttwin-mine-conversation-'))

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
    expect(yaml).toContain('conversation:')
    expect(yaml).not.toContain('\ninput:')
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
    expect(yaml).toContain('# turn 2 called ')
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
    expect(yaml).toContain('over 2 user turns')
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
