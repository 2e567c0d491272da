import { describeScenario, test } from 'agenttwin/vitest'
import { expect } from 'vitest'
import { agents } from '../agents.ts'

describeScenario('../scenarios/example.scenario.yaml', () => {
  test('closes the ticket once', async ({ run }) => {
    const result = await run(agents.v1)
    expect(result).toBeBackedByState('tickets.T-100.status', 'closed')
    expect(result).toHaveNoDuplicateSideEffect('close_ticket')
  })
})
