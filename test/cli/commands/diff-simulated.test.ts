import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { createDiffCommand } from '../../../src/cli/commands/diff.ts'
import type { ComparisonReport } from '../../../src/compare/index.ts'
import { fixtures } from '../../scenario/support/simulated.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { capture, tempDir } from './support/capture.ts'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

// As a Vitest pair does, the report of `agenttwin diff` says from which turn
// the simulated user answered differently, and whether the agent caused it.
describe('agenttwin diff over a simulated user', { timeout: 120_000 }, () => {
  it('reports the first turn the simulated user answered differently, caused by the agent', async () => {
    const support = pathToFileURL(join(fixtures, '../../support/simulated.ts')).href
    const temp = tempDir({
      'agents.ts': `import { refundAgent } from '${support}'\nexport const agents = { v1: refundAgent('1.0.0'), v2: refundAgent('2.0.0', true) }\n`,
    })
    cleanups.push(temp.remove)
    const json = join(temp.dir, 'report.json')
    const { code, stderr } = await capture(
      createDiffCommand({ env: {}, color: false }),
      [
        join(fixtures, 'refund-simulated.scenario.yaml'),
        '--agent',
        'agents.ts',
        '--baseline',
        'v1',
        '--candidate',
        'v2',
        '--json',
        json,
      ],
      temp.dir,
    )
    expect(normaliseText(stderr)).toMatchInlineSnapshot(`
      "Comparing support 2.0.0 with 1.0.0 on 1 pinned scenario...
      "
    `)
    expect(code).toBe(0)
    const report = JSON.parse(readFileSync(json, 'utf8')) as ComparisonReport
    const item = report.pairs[0]!.cases[0]!
    expect(item.userTurns).toMatchObject({ turn: 3, cause: 'agent', agentTurn: 2 })
    expect(item.userTurns?.sentence).toMatch(/^The simulated user's turn 3 differs: /)
  })
})
