import { describe, expect, it } from 'vitest'
import type { Vitest } from 'vitest/node'
import { AgentTwinReporter } from '../../src/public/reporter.ts'
import { bringReporter } from '../../src/vitest/node/bring-reporter.ts'

const run = (reporters: unknown[]) => ({ config: { reporters } }) as unknown as Vitest

describe('bringReporter', () => {
  it('adds the AgentTwin reporter after the reporters the command line chose', () => {
    const reporters: unknown[] = [['junit', {}]]
    bringReporter(run(reporters), undefined)
    expect(reporters).toHaveLength(2)
    expect(reporters[1]).toBeInstanceOf(AgentTwinReporter)
  })

  it('adds none when one is listed already, by instance or by module name, or when turned off', () => {
    for (const listed of [new AgentTwinReporter(), ['agenttwin/reporter', {}]]) {
      const reporters: unknown[] = ['default', listed]
      bringReporter(run(reporters), true)
      expect(reporters).toHaveLength(2)
    }
    const reporters: unknown[] = ['default']
    bringReporter(run(reporters), false)
    expect(reporters).toEqual(['default'])
  })
})
