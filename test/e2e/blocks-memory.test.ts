import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { runVitest } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// One test file of many describeScenario blocks, the shape users write with
// one block per scenario file, and one of as many useTwin blocks, beside the
// same number of plain Vitest describe blocks whose tests make as many
// requests to plain msw: Vitest itself keeps some 60 KB per finished block
// (its tasks and results). Beyond that a finished describeScenario or useTwin
// block may keep less than two cases' own data (a CaseRun as JSON), so memory
// grows with the blocks no faster than the hand-written file's (it once kept
// megabytes per block).
const repo = fileURLToPath(new URL('../..', import.meta.url))
const FROM = 20
const TO = 80

/** The heap after two collections, and the heap at block FROM and TO, in each generated file. */
const HEAP_PROBE = `const heap = () => {
  globalThis.gc()
  globalThis.gc()
  return process.memoryUsage().heapUsed
}
const at = {}`

const blocksTest = `
import { writeFileSync } from 'node:fs'
import { afterAll, expect } from 'vitest'
import '${repo}src/public/vitest-setup.ts'
import { agents } from '${repo}examples/demo-co/agent/index.ts'
import { describeScenario } from '${repo}src/vitest/runtime/fixtures/describe-scenario.ts'
import { test } from '${repo}src/vitest/runtime/fixtures/test.ts'

${HEAP_PROBE}
let caseBytes = 0
for (let i = 1; i <= ${TO}; i++) {
  describeScenario('${repo}examples/demo-co/scenarios/refund-happy-path.scenario.yaml', () => {
    test('block ' + i, async ({ run }) => {
      const result = await run(agents['v1.2.4'])
      expect(result).toHaveStateAt('orders.ORD-1001.refund_count', 1)
      expect(result).toHaveNoDuplicateSideEffect('refund_payment')
      caseBytes = JSON.stringify(result).length
      if (i === ${FROM} || i === ${TO}) at[i] = heap()
    })
  })
}
afterAll(() => {
  writeFileSync(process.env.BLOCKS_OUT + '.agenttwin', JSON.stringify({ perBlock: (at[${TO}] - at[${FROM}]) / ${TO - FROM}, caseBytes }))
})
`

const twinBlocksTest = `
import { writeFileSync } from 'node:fs'
import { afterAll, describe, expect, test } from 'vitest'
import '${repo}src/public/vitest-setup.ts'
import { agents } from '${repo}examples/demo-co/agent/index.ts'
import { useTwin } from '${repo}src/vitest/runtime/fixtures/use-twin.ts'

const input = { message: 'Hi, the mug set from order ORD-1001 arrived broken. Could you refund 40 USD?', customer_id: 'CUS-501' }
${HEAP_PROBE}
let caseBytes = 0
for (let i = 1; i <= ${TO}; i++) {
  describe('twin block ' + i, () => {
    const twin = useTwin('${repo}examples/demo-co/twins/demo-co.twin.yaml')
    test('block ' + i, async () => {
      const reply = await agents['v1.2.4'].run(input, { baseUrl: twin.baseUrl, signal: AbortSignal.timeout(30_000) })
      const result = twin.caseRun(reply)
      expect(result).toHaveStateAt('orders.ORD-1001.refund_count', 1)
      expect(result).toHaveNoDuplicateSideEffect('refund_payment')
      caseBytes = JSON.stringify(result).length
      if (i === ${FROM} || i === ${TO}) at[i] = heap()
    })
  })
}
afterAll(() => {
  writeFileSync(process.env.BLOCKS_OUT + '.twin', JSON.stringify({ perBlock: (at[${TO}] - at[${FROM}]) / ${TO - FROM}, caseBytes }))
})
`

const plainTest = `
import { writeFileSync } from 'node:fs'
import { afterAll, describe, expect, test } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

const server = setupServer(
  http.post('https://tools.example/*', async ({ request }) => HttpResponse.json({ ok: true, args: await request.json() })),
)
server.listen({ onUnhandledRequest: 'error' })
${HEAP_PROBE}
for (let i = 1; i <= ${TO}; i++) {
  describe('plain ' + i, () => {
    test('block ' + i, async () => {
      for (let k = 0; k < 6; k++) {
        const response = await fetch('https://tools.example/tool', { method: 'POST', body: JSON.stringify({ k }) })
        expect((await response.json()).ok).toBe(true)
      }
      if (i === ${FROM} || i === ${TO}) at[i] = heap()
    })
  })
}
afterAll(() => {
  server.close()
  writeFileSync(process.env.BLOCKS_OUT + '.plain', JSON.stringify({ perBlock: (at[${TO}] - at[${FROM}]) / ${TO - FROM} }))
})
`

it('keeps no finished describeScenario or useTwin block alive: memory per block within two cases of plain Vitest and msw', async () => {
  const root = freshTmpDir('blocks-memory')
  const out = `${root}/retained.json`
  writeFileSync(`${root}/blocks.test.ts`, blocksTest)
  writeFileSync(`${root}/twin-blocks.test.ts`, twinBlocksTest)
  writeFileSync(`${root}/plain.test.ts`, plainTest)
  writeFileSync(
    `${root}/vitest.config.mjs`,
    "export default { test: { include: ['*.test.ts'], execArgv: ['--expose-gc'] } }\n",
  )
  const run = await runVitest({ root, pool: 'forks', maxWorkers: 1 }, [], {
    env: { BLOCKS_OUT: out },
  })
  expect(run.exitCode, run.stdout + run.stderr).toBe(0)
  const read = (side: string) =>
    JSON.parse(readFileSync(`${out}.${side}`, 'utf8')) as { perBlock: number; caseBytes: number }
  const plain = read('plain').perBlock
  for (const side of ['agenttwin', 'twin']) {
    const { perBlock, caseBytes } = read(side)
    expect(caseBytes).toBeGreaterThan(0)
    expect(perBlock - plain, side).toBeLessThan(2 * caseBytes)
  }
}, 240_000)
