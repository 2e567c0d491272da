import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const script = fileURLToPath(new URL('./fixtures/undici-after-interception.mts', import.meta.url))

test('an undici Client the agent imports after the interception applied is refused too', () => {
  const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    timeout: 120_000,
  })
  expect(JSON.parse(output)).toEqual({
    loadedBefore: false,
    outcome:
      'AgentTwin blocked GET http://late-import.example.test/orders (undici): no twin answers it, and tests never reach the real network.',
  })
}, 180_000)
