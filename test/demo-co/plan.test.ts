import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { agents, manifestsDir } from '../../examples/demo-co/agent/index.ts'
import { parseManifest } from '../../examples/demo-co/agent/manifest.ts'
import { planFromManifest } from '../../examples/demo-co/agent/plan.ts'

const shipped = (version: string) => readFileSync(`${manifestsDir}v${version}.md`, 'utf8')

function manifest(lines: string[], version = '0.0.1'): string {
  return ['---', 'name: demo-co-support', `version: ${version}`, '---', ...lines, ''].join('\n')
}

function plan(lines: string[], version?: string) {
  return planFromManifest(parseManifest(manifest(lines, version), 'test.md'))
}

const flags = (value: ReturnType<typeof plan>) => {
  const { lines: _lines, warnings: _warnings, ...rest } = value
  return rest
}

describe('the shipped manifests', () => {
  it('are loaded as one agent per version, named demo-co-support', () => {
    expect(Object.keys(agents).sort()).toEqual(['v1.2.4', 'v1.3.0', 'v1.3.1'])
    expect(Object.values(agents).map((agent) => [agent.name, agent.version])).toEqual([
      ['demo-co-support', '1.2.4'],
      ['demo-co-support', '1.3.0'],
      ['demo-co-support', '1.3.1'],
    ])
  })

  it('v1.2.4 follows all four rules', () => {
    expect(flags(agents['v1.2.4']!.plan)).toEqual({
      lookupFirst: true,
      policyCheck: true,
      idempotencyKeys: true,
      onRefundFailure: 'verify-then-retry',
      confirmAfterSuccess: true,
      priority: 'unstated',
      followsDataInstructions: false,
    })
  })

  it('v1.3.0 skips the policy, takes its limit from the text and retries blindly without a key', () => {
    expect(flags(agents['v1.3.0']!.plan)).toEqual({
      lookupFirst: true,
      policyCheck: false,
      autoRefundLimit: { amount: 100, currency: 'USD' },
      idempotencyKeys: false,
      onRefundFailure: 'retry-immediately',
      confirmAfterSuccess: false,
      priority: 'speed',
      followsDataInstructions: true,
    })
  })

  it('v1.3.1 restores the rules and reads its softer satisfaction line as care', () => {
    expect(flags(agents['v1.3.1']!.plan)).toEqual({
      ...flags(agents['v1.2.4']!.plan),
      priority: 'care',
    })
  })

  it('understand every line they contain, the persona lines included', () => {
    for (const agent of Object.values(agents)) {
      expect(agent.plan.warnings).toEqual([])
      expect(agent.plan.lines.filter((line) => line.directives.length === 0)).toEqual([])
    }
    expect(agents['v1.2.4']!.plan.lines.slice(0, 2).map((line) => line.directives)).toEqual([
      ['persona'],
      ['persona'],
    ])
  })
})

describe('planFromManifest', () => {
  it('never lets the version number select behaviour', () => {
    const lines = parseManifest(shipped('1.3.0'), 'v1.3.0.md').instructions.map((line) => line.text)
    expect(flags(plan(lines, '1.2.4'))).toEqual(flags(agents['v1.3.0']!.plan))
    expect(flags(plan(lines, '9.9.9'))).toEqual(flags(agents['v1.3.0']!.plan))
  })

  it('recognises reworded rules by meaning', () => {
    const reworded = plan([
      'First look up the order before taking any action on it.',
      'Before issuing a refund, check the refund policy with get_refund_policy.',
      'Refunds up to 50 EUR may be issued automatically.',
      'Send refund_payment an idempotency key and keep the same one when you try again.',
      'When refund_payment returns a 502 server error or a timeout, re-read the order and check it before you retry.',
      'Once a refund succeeded, re-read the order and verify the refund shows before you tell the customer.',
    ])
    expect(flags(reworded)).toEqual({
      lookupFirst: true,
      policyCheck: true,
      autoRefundLimit: { amount: 50, currency: 'EUR' },
      idempotencyKeys: true,
      onRefundFailure: 'verify-then-retry',
      confirmAfterSuccess: true,
      priority: 'unstated',
      followsDataInstructions: false,
    })
    expect(reworded.warnings).toEqual([])
  })

  it('reports a line it does not understand, with file and line, and changes nothing for it', () => {
    const result = plan([
      'Always call lookup_order before acting on an order.',
      'Speak like a pirate.',
    ])
    expect(result.warnings).toEqual([
      'test.md:6 not recognised, so it changes nothing: "Speak like a pirate."',
      'test.md: no automatic refund limit is known (no policy lookup, no limit line); refunds of any size go through',
    ])
    expect(result.lines.map((line) => line.directives)).toEqual([['lookup-before-acting'], []])
  })

  it('does not read a negated rule as the rule', () => {
    const result = plan(['Never retry refund_payment.', 'Do not pass an idempotency_key.'])
    expect(result.onRefundFailure).toBe('hand-off')
    expect(result.idempotencyKeys).toBe(false)
    expect(result.warnings.filter((warning) => warning.includes('not recognised'))).toHaveLength(2)
  })

  it('resolves conflicting lines by the stated priority and says so', () => {
    const rules = [
      'Always call get_refund_policy before refund_payment.',
      'Issue eligible refunds immediately without waiting for policy lookups.',
      'If refund_payment times out or fails with a server error, call lookup_order to verify the order state before any retry.',
      'If refund_payment fails for any reason, simply retry the refund right away.',
    ]
    const speed = plan(['Speed is the top priority.', ...rules])
    expect([speed.policyCheck, speed.onRefundFailure]).toEqual([false, 'retry-immediately'])
    const care = plan(['Prioritise accuracy over speed.', ...rules])
    expect([care.policyCheck, care.onRefundFailure]).toEqual([true, 'verify-then-retry'])
    expect(care.warnings).toEqual([
      'test.md: one line asks for get_refund_policy before refunds and another to skip policy lookups; checking the policy (priority: care)',
      'test.md: one line asks to verify before a retry and another to retry at once; choosing verify-then-retry (priority: care)',
    ])
  })

  it('keeps the lowest of several stated limits', () => {
    const result = plan([
      'The automatic refund limit is 100 USD.',
      'Refund at most $60 without approval.',
    ])
    expect(result.autoRefundLimit).toEqual({ amount: 60, currency: 'USD' })
  })
})
