import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))

it('agenttwin/vitest can be imported outside a test run, as a Vitest config file does', async () => {
  // test.extend needs a running test file; the exported `test` must not call it at import.
  const script =
    "const m = await import('./src/public/vitest.ts'); " +
    'console.log([typeof m.agentTwin, typeof m.test, typeof m.describeScenario, typeof m.useTwin, Object.keys(m.agentTwinMatchers).includes(\'toSatisfyContract\')].join(" "))'
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root },
  )
  expect(stdout.trim()).toBe('function function function function true')
}, 60_000)
