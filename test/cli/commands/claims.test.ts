import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer'
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base'
import { afterAll, describe, expect, it } from 'vitest'
import { runCase } from '../../../src/case/run-case.ts'
import { claimsCommand } from '../../../src/cli/commands/claims.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import { loadScenario } from '../../../src/schema/index.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { type TraceLie, tracedAgent } from '../../trace/support/traced-agent.ts'
import { captureIO } from '../capture-io.ts'

const dir = mkdtempSync(join(tmpdir(), 'agenttwin-claims-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the traced agent, writes its spans as OTLP JSON (the real serializer) and the twin's records. */
async function traceAndRecords(lie: TraceLie, scenario: string) {
  const file = resolve(
    import.meta.dirname,
    `../../../examples/demo-co/scenarios/${scenario}.scenario.yaml`,
  )
  const loaded = await loadScenario(file)
  const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
  const exporter = new InMemorySpanExporter()
  const run = await runCase(pinned, tracedAgent(lie, exporter), { timeoutMs: 10_000 })
  const otlp = new TextDecoder().decode(
    JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans()),
  )
  writeFileSync(join(dir, `${lie}.trace.json`), otlp)
  writeFileSync(join(dir, `${lie}.records.json`), JSON.stringify(run.records))
  return [`${lie}.trace.json`, '--records', `${lie}.records.json`]
}

describe('agenttwin claims', () => {
  it('exits 0 for a true trace', async () => {
    const io = captureIO(dir)
    const code = await claimsCommand.run(await traceAndRecords('none', 'refund-happy-path'), io)
    expect(io.out()).toBe(
      "PASS  trace-matches-records\n  The trace names the same 3 tool calls as the twin's records, each with the result the twin answered.\n",
    )
    expect(code).toBe(0)
  })

  it('exits 1 and names the 504 a trace reports as success', async () => {
    const io = captureIO(dir)
    const args = await traceAndRecords('claimed-success', 'refund-timeout-after-mutation')
    const code = await claimsCommand.run(args, io)
    expect(code).toBe(1)
    expect(io.out()).toMatch(
      /^FAIL {2}trace-matches-records\n {2}- The trace says refund_payment\(.*\) succeeded; the twin answered refund_payment\(.*\) #2 with status 504\.\n$/,
    )
  })

  it('reads a collector file export: one request per line', async () => {
    const [trace, , records] = await traceAndRecords('omitted-call', 'refund-happy-path')
    const text = (await import('node:fs')).readFileSync(join(dir, trace!), 'utf8')
    writeFileSync(join(dir, 'lines.jsonl'), `${text}\n${JSON.stringify({ resourceSpans: [] })}\n`)
    const io = captureIO(dir)
    expect(await claimsCommand.run(['lines.jsonl', '--records', records!], io)).toBe(1)
    expect(normaliseText(io.out(), { dir })).toMatchInlineSnapshot(`
      "FAIL  trace-matches-records
        - The twin received lookup_order(order_id=ORD-1001) #1 (status 200); the trace does not mention it.
      "
    `)
  })

  it('says which line of a trace is not OTLP, exit 2', async () => {
    writeFileSync(join(dir, 'bad.jsonl'), '{"resourceSpans": []}\nnot json\n')
    writeFileSync(join(dir, 'empty.records.json'), '[]')
    const io = captureIO(dir)
    expect(await claimsCommand.run(['bad.jsonl', '--records', 'empty.records.json'], io)).toBe(2)
    // The parser's own words in the parentheses are Node's, and change with its version.
    const err = normaliseText(io.err(), { dir }).replace(
      /is not JSON \(.*?\)\./,
      'is not JSON (…).',
    )
    expect(err).toMatchInlineSnapshot(`
      "agenttwin claims: bad.jsonl: line 2 is not JSON (…). Fix: pass the JSON an OTLP/HTTP JSON exporter sends or a collector file exporter writes: { "resourceSpans": [{ "scopeSpans": [{ "spans": [...] }] }] }, one such object per line. [AGENTTWIN_INVALID_TRACE]
      "
    `)
  })
})
