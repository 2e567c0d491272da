import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer'
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base'
import { afterAll, describe, expect, it } from 'vitest'
import { agents } from '../../../examples/demo-co/agent/index.ts'
import { evaluateCase } from '../../../src/case/evaluate-case.ts'
import { runCase } from '../../../src/case/run-case.ts'
import { createDiffCommand } from '../../../src/cli/commands/diff.ts'
import { mineCommand } from '../../../src/cli/commands/mine.ts'
import type { ComparisonReport } from '../../../src/compare/index.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import { loadScenario } from '../../../src/schema/index.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { tracedAgent } from '../../trace/support/traced-agent.ts'
import { capture, DEMO_AGENTS, DEMO_SCENARIOS, ROOT, tempDir } from './support/capture.ts'

const temp = tempDir()
afterAll(() => temp.remove())
const TIMEOUT_CASE = 'refund-timeout-after-mutation'

async function failingIds(file: string, version: string): Promise<string[]> {
  const loaded = await loadScenario(file)
  const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
  const run = await runCase(pinned, agents[version]!, { timeoutMs: 10_000 })
  const results = await evaluateCase(loaded.document.expectations, run)
  return results
    .filter((result) => result.label !== 'PASS')
    .map((result) => `${result.id}:${result.label}`)
    .sort()
}

describe('agenttwin mine', { timeout: 120_000 }, () => {
  it("turns v1.3.0's timeout case of a real JSON report into a scenario that reproduces it", async () => {
    const report = join(temp.dir, 'report.json')
    const diff = createDiffCommand({ env: {}, color: false })
    const scenario = `${DEMO_SCENARIOS}/${TIMEOUT_CASE}.scenario.yaml`
    await capture(diff, [
      scenario,
      '--agent',
      DEMO_AGENTS,
      '--baseline',
      'v1.2.4',
      '--candidate',
      'v1.3.0',
      '--json',
      report,
    ])
    const out = join(temp.dir, 'mined', 'timeout-v1.3.0.scenario.yaml')
    const mined = await capture(mineCommand, [report, '--case', TIMEOUT_CASE, '--out', out])
    expect(mined).toMatchObject({ code: 0, stderr: `agenttwin mine: wrote ${out}\n` })

    const text = readFileSync(out, 'utf8')
    expect(text.split('\n')[0]).toBe(
      `# Mined by agenttwin mine from ${report}: scenario ${TIMEOUT_CASE} v1.0.0,`,
    )
    const loaded = await loadScenario(out)
    expect(loaded.twinFile).toBe(resolve(ROOT, 'examples/demo-co/twins/demo-co.twin.yaml'))
    expect(loaded.document.faults).toEqual([
      {
        id: 'refund-commits-then-times-out-call-1',
        tool: 'refund_payment',
        when: { call: 1 },
        fault: 'timeout_after_mutation',
      },
    ])
    expect(loaded.document.input).toEqual(
      (await loadScenario(resolve(ROOT, scenario))).document.input,
    )

    const recorded = (JSON.parse(readFileSync(report, 'utf8')) as ComparisonReport).pairs[0]!
      .cases[0]!.candidate.failed
    const expected = recorded.map((item) => `${item.id}:${item.label}`).sort()
    expect(expected.length).toBeGreaterThan(0)
    expect(await failingIds(out, 'v1.3.0')).toEqual(expected)
    expect(await failingIds(out, 'v1.2.4')).toEqual([])
  })

  it('keeps a changed initial state as overrides and comments the expectation that failed', async () => {
    const scenario = resolve(ROOT, DEMO_SCENARIOS, 'refund-happy-path.scenario.yaml')
    const loaded = await loadScenario(scenario)
    const pinned = pinCase({
      file: loaded.file,
      document: {
        ...loaded.document,
        state: { orders: { 'ORD-1001': { refund_count: 0, note: 'vip' } } },
      },
      twin: loaded.twin,
    })
    const run = await runCase(pinned, agents['v1.3.0']!, { timeoutMs: 10_000 })
    const results = await evaluateCase(loaded.document.expectations, run)
    const file = join(temp.dir, 'caserun.json')
    writeFileSync(file, JSON.stringify({ run, results }))
    const { code, stdout } = await capture(mineCommand, [file])
    expect(code).toBe(0)
    expect(normaliseText(stdout, { tmp: temp.dir })).toMatchInlineSnapshot(`
      "# Mined by agenttwin mine from <tmp>/caserun.json: scenario refund-happy-path v1.0.0,
      # agent demo-co-support 1.3.0, seed 1001, 3 tool calls.
      # Run it against 1.3.0 to reproduce what failed there.

      apiVersion: agenttwin/scenario.v1
      id: mined-refund-happy-path-1.3.0
      version: 1.0.0
      title: "Regression: A 40 USD refund for a broken mug set (demo-co-support 1.3.0)"
      twin: ./examples/demo-co/twins/demo-co.twin.yaml
      seed: 1001
      input:
        message: Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?
        customer_id: CUS-501
      # what the case started from, over the twin's fixtures
      state:
        orders:
          ORD-1001:
            note: vip
      expectations:
        # FAIL in the recorded case: refund_payment ran (#2) but get_refund_policy was never called.
        - id: policy-before-refund
          type: callOrder
          description: The refund policy is read before any money moves.
          before: get_refund_policy
          after: refund_payment
        # the twin saw a write: no effect may be applied twice
        - id: mined-no-duplicate-side-effect
          type: noDuplicateSideEffect
          critical: true
        # the twin saw a write: a claimed success must be backed by state
        - id: mined-outcome-verified
          type: outcomeVerified
          critical: true
      "
    `)
  })

  it('mines an OTLP JSON trace: its input and expectations, and a 504 left as a TODO choice between two faults', async () => {
    const exporter = new InMemorySpanExporter()
    const loaded = await loadScenario(
      resolve(ROOT, DEMO_SCENARIOS, 'refund-timeout-after-mutation.scenario.yaml'),
    )
    const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
    await runCase(pinned, tracedAgent('none', exporter), { timeoutMs: 10_000 })
    const trace = join(temp.dir, 'trace.json')
    writeFileSync(
      trace,
      new TextDecoder().decode(JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans())),
    )
    const out = join(temp.dir, 'from-trace.scenario.yaml')
    const { code } = await capture(mineCommand, [
      trace,
      '--twin',
      'examples/demo-co/twins/demo-co.twin.yaml',
      '--out',
      out,
    ])
    expect(code).toBe(0)
    const text = readFileSync(out, 'utf8')
    // Span ids are drawn at random for each trace.
    const stable = text
      .replace(/\b[0-9a-f]{16}\b/g, '<span-id>')
      .replace(/\b[0-9a-f]{32}\b/g, '<trace-id>')
    // The twin is named relative to the file written, wherever the temporary folder is.
    const dirs = { tmp: temp.dir, 'repo-from-out': relative(temp.dir, ROOT) }
    expect(normaliseText(stable, dirs)).toMatchInlineSnapshot(`
      "# Mined by agenttwin mine from the trace <tmp>/trace.json: traced-refund-agent, 3 traced tool calls.
      # The trace is testimony: check every TODO below before trusting this scenario.

      apiVersion: agenttwin/scenario.v1
      id: mined-from-trace
      version: 1.0.0
      title: Mined from a trace of traced-refund-agent
      twin: <repo-from-out>/examples/demo-co/twins/demo-co.twin.yaml
      # gen_ai.input.messages of the invoke_agent span, as recorded. TODO: reshape it into the input your agent takes, if it takes another shape.
      input:
        - role: user
          parts:
            - type: text
              content: Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?
      expectations:
        - id: mined-no-duplicate-side-effect
          type: noDuplicateSideEffect
          critical: true
        - id: mined-outcome-verified
          type: outcomeVerified
          critical: true

      # TODO: the trace does not show the state the systems were in; add state: overrides over the twin's fixtures if the case needs them.
      # TODO: span <span-id>: call 1 of refund_payment failed with 504; the trace shows what the caller saw, not whether the dependency applied the effect.
      #       Pick one of timeout_before_effect or timeout_after_mutation and add under faults:
      #       - { id: refund_payment-call-1, tool: refund_payment, when: { call: 1 }, fault: <one of them> }
      # Traced calls, in order: lookup_order, refund_payment (error), lookup_order.
      "
    `)
    const mined = await loadScenario(out)
    expect(mined.document.faults).toBeUndefined()
    expect(mined.document.input).toEqual([
      {
        role: 'user',
        parts: [
          {
            type: 'text',
            content:
              loaded.document.input && (loaded.document.input as { message: string }).message,
          },
        ],
      },
    ])
    expect(mined.document.expectations.map((item) => item.type)).toEqual([
      'noDuplicateSideEffect',
      'outcomeVerified',
    ])
  })

  it('reads a comparison-report.v1, whose sides kept their runs inline, as the same case', async () => {
    const file = join(temp.dir, 'report.json')
    const current = JSON.parse(readFileSync(file, 'utf8')) as ComparisonReport
    const { runs, ...rest } = current
    const v1 = {
      ...rest,
      schema: 'agenttwin/comparison-report.v1',
      pairs: current.pairs.map((pair) => ({
        ...pair,
        cases: pair.cases.map((item) => {
          const inline = ({ runId, ...side }: (typeof item)['baseline']) => ({
            ...side,
            run: runs[runId!],
          })
          return { ...item, baseline: inline(item.baseline), candidate: inline(item.candidate) }
        }),
      })),
    }
    const old = join(temp.dir, 'report-v1.json')
    writeFileSync(old, JSON.stringify(v1))
    const outs = ['from-v2', 'from-v1'].map((name) => join(temp.dir, 'mined', `${name}.yaml`))
    expect(
      (await capture(mineCommand, [file, '--case', TIMEOUT_CASE, '--out', outs[0]!])).code,
    ).toBe(0)
    expect(
      (await capture(mineCommand, [old, '--case', TIMEOUT_CASE, '--out', outs[1]!])).code,
    ).toBe(0)
    const body = (out: string) => readFileSync(out, 'utf8').split('\n').slice(1).join('\n')
    expect(body(outs[1]!)).toBe(body(outs[0]!))
  })

  it('a report case name that does not exist is a usage error naming the cases', async () => {
    const file = join(temp.dir, 'report.json')
    const { code, stderr } = await capture(mineCommand, [file, '--case', 'nope'])
    expect(code).toBe(2)
    expect(stderr).toBe(
      `agenttwin mine: ${file}: the report has no case "nope". Fix: pass one of ${TIMEOUT_CASE} to --case. [AGENTTWIN_MINE_SOURCE]\n`,
    )
  })
})
