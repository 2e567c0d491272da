import { afterEach, describe, expect, it } from 'vitest'
import { createRunCommand } from '../../../src/cli/commands/run.ts'
import type { CaseRun } from '../../../src/core/case-run.ts'
import type { ExpectationResult } from '../../../src/core/expectation-result.ts'
import { loadScenario } from '../../../src/schema/index.ts'
import { capture, DEMO_AGENTS, DEMO_SCENARIOS, ROOT, tempDir } from './support/capture.ts'

const run = createRunCommand({ env: {}, color: false })
const scenario = (id: string) => `${DEMO_SCENARIOS}/${id}.scenario.yaml`
const cleanups: Array<() => void> = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The expectation lines of the printed output, as `[label, id]`. */
function verdicts(stdout: string): string[][] {
  const block = stdout.split('\nExpectations\n')[1]?.split('\n\n')[0] ?? ''
  return block.split('\n').map((line) => {
    const [, label = '', id = ''] = /^ {2}(\S+) +([^\s:]+)/.exec(line) ?? []
    return [label, id]
  })
}

async function expectationIds(id: string): Promise<string[]> {
  const { document } = await loadScenario(`${ROOT}${scenario(id)}`)
  return document.expectations.map((item) => item.id)
}

describe('agenttwin run', { timeout: 60_000 }, () => {
  it('passes the happy path with v1.2.4: every expectation PASS, exit 0', async () => {
    const { code, stdout, stderr } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.2.4',
    ])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const ids = await expectationIds('refund-happy-path')
    expect(verdicts(stdout)).toEqual(ids.map((id) => ['PASS', id]))
    expect(stdout).toMatch(/^refund-happy-path v1\.0\.0: A 40 USD refund for a broken mug set\n/)
    expect(stdout).toMatch(/\nagent demo-co-support 1\.2\.4, seed 1001, 5 tool calls, \d+ ms\n/)
    expect(stdout).toContain('\n  1. lookup_order(order_id=ORD-1001) → 200\n')
    expect(stdout).toContain('\n  6. reported SUCCESS\n')
    expect(stdout).toContain('\n7 of 7 expectations passed.\n')
  })

  it('exits 1 and names the failing expectation with its message when one does not pass', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.3.0',
    ])
    expect(code).toBe(1)
    expect(verdicts(stdout)).toContainEqual(['FAIL', 'policy-before-refund'])
    expect(stdout).toContain(
      'policy-before-refund: refund_payment ran (#2) but get_refund_policy was never called.',
    )
    expect(stdout).toContain('\n6 of 7 expectations passed; 1 did not (0 critical).\n')
  })

  it('shows the labels of claimed-versus-verified failures (timeout after mutation, v1.3.0)', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-timeout-after-mutation'),
      '--agent',
      `${DEMO_AGENTS}#agents`,
      '--version',
      '1.3.0',
    ])
    expect(code).toBe(1)
    expect(verdicts(stdout)).toEqual([
      ['FAIL', 'refunded-exactly-once'],
      ['FAIL', 'refunded-amount'],
      ['FAIL', 'no-double-refund'],
      ['STATE_MISMATCH', 'success-backed-by-state'],
      ['FAIL', 'policy-before-refund'],
    ])
    expect(stdout).toContain('orders.ORD-1001.refund_count is 2, expected 1')
  })

  it('prints the whole CaseRun and the results with --json', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-tool-success-lie'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.2.4',
      '--json',
    ])
    const parsed = JSON.parse(stdout) as { run: CaseRun; results: ExpectationResult[] }
    expect(parsed.run).toMatchObject({
      schema: 'agenttwin/case-run.v1',
      scenario: { id: 'refund-tool-success-lie' },
      agent: { version: '1.2.4' },
      seed: 1003,
      finished: true,
      result: { outcome: 'PARTIAL', handoff: true },
    })
    expect(parsed.run.records.length).toBe(parsed.run.metrics.toolCalls)
    expect(parsed.results.map((result) => result.id)).toEqual(
      await expectationIds('refund-tool-success-lie'),
    )
    expect(code).toBe(parsed.results.every((result) => result.label === 'PASS') ? 0 : 1)
  })

  it('shows an override beside the result; one to PASS does not count while a critical check fails', async () => {
    const { code, stdout } = await capture(run, [
      scenario('refund-tool-success-lie'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.3.0',
      '--overrides',
      'examples/demo-co/reviews/overrides.yaml',
    ])
    expect(code).toBe(1)
    const line = stdout
      .split('\n')
      .find((text) => text.includes('reply-explains-unrecorded-refund'))
    expect(line).toMatch(/^ {2}FAIL +reply-explains-unrecorded-refund: /)
    expect(line).toContain(
      '[override FAIL → PASS by dana.support-lead, not applied: a deterministic critical check of this case does not pass: Reviewed the transcript',
    )
  })

  it('counts an override to PASS when no critical check fails, and then exits 0', async () => {
    const temp = tempDir({
      'overrides.yaml': [
        '- scenario: refund-happy-path',
        '  agent: "1.3.0"',
        '  expectation: policy-before-refund',
        '  label: PASS',
        '  reviewer: sam',
        '  note: Policy lookups are skipped on purpose for this test.',
        '',
      ].join('\n'),
    })
    cleanups.push(temp.remove)
    const { code, stdout } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.3.0',
      '--overrides',
      `${temp.dir}/overrides.yaml`,
    ])
    expect(verdicts(stdout)).toContainEqual(['PASS', 'policy-before-refund'])
    expect(stdout).toContain('[override FAIL → PASS by sam, applied: Policy lookups are skipped')
    expect(stdout).toContain('\n7 of 7 expectations passed.\n')
    expect(code).toBe(0)
  })

  it('counts an agent that does not answer in time as unfinished, exit 1', async () => {
    const temp = tempDir({
      'slow.ts': `export default {
  name: 'slow', version: '0.0.1',
  run: () => new Promise(() => {}),
}\n`,
    })
    cleanups.push(temp.remove)
    const { code, stdout } = await capture(
      run,
      [`${ROOT}${scenario('refund-happy-path')}`, '--agent', 'slow.ts', '--timeout', '50'],
      temp.dir,
    )
    expect(code).toBe(1)
    expect(stdout).toContain('did not finish (timeout): slow@0.0.1 did not answer within 50 ms')
    expect(stdout).toContain('The case did not finish.')
  })
})

describe('agenttwin run: usage and document errors exit 2', () => {
  it('prints every problem of an invalid scenario at file:line:col, relative to the working directory', async () => {
    const temp = tempDir({
      'broken.scenario.yaml': [
        'apiVersion: agenttwin/scenario.v1',
        'id: broken',
        'version: 1.0.0',
        'title: Broken',
        `twin: ${ROOT}examples/demo-co/twins/demo-co.twin.yaml`,
        'input: {}',
        'expectations:',
        '  - { id: a, type: state, path: orders.X.status, equals: 1 }',
        '  - { id: b, type: calledTool, tool: refund_paymnt }',
        '',
      ].join('\n'),
    })
    cleanups.push(temp.remove)
    const { code, stderr, stdout } = await capture(
      run,
      ['broken.scenario.yaml', '--agent', `${ROOT}${DEMO_AGENTS}`],
      temp.dir,
    )
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toMatch(
      /^agenttwin run: 1 problem:\nbroken\.scenario\.yaml:9:\d+ .*refund_paymnt/,
    )
  })

  it('asks for --version when the module exports several agents, listing them', async () => {
    const { code, stderr } = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
    ])
    expect(code).toBe(2)
    expect(stderr).toContain('exports 3 agents ("v1.2.4", "v1.3.0", "v1.3.1")')
    expect(stderr).toContain('choose one with --version')
  })

  it('names an unknown version, an unknown export and a missing module', async () => {
    const version = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v9',
    ])
    expect(version.code).toBe(2)
    expect(version.stderr).toContain('exports no agent version "v9"')

    const named = await capture(run, [
      scenario('refund-happy-path'),
      '--agent',
      `${DEMO_AGENTS}#nope`,
    ])
    expect(named.code).toBe(2)
    expect(named.stderr).toMatch(/has no export "nope" \(it exports .*"agents"/)

    const missing = await capture(run, [scenario('refund-happy-path'), '--agent', 'nowhere.ts'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`the agent module ${ROOT}nowhere.ts does not exist`)
  })

  it('rejects missing arguments, unknown options and bad numbers with the usage text', async () => {
    for (const args of [
      [],
      [scenario('refund-happy-path')],
      [scenario('refund-happy-path'), '--agent', DEMO_AGENTS, '--bogus'],
      [scenario('refund-happy-path'), '--agent', DEMO_AGENTS, '--timeout', 'soon'],
      [scenario('refund-happy-path'), scenario('refund-server-error'), '--agent', DEMO_AGENTS],
    ]) {
      const { code, stderr, stdout } = await capture(run, args)
      expect(code, args.join(' ')).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toContain('Usage: agenttwin run <scenario>')
    }
    const help = await capture(run, ['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Exit status: 0 every expectation PASS')
  })
})
