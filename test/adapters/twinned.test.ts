import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { InvalidDocumentError } from '../../src/core/errors.ts'
import { twinned, twinTools } from '../../src/in-process/index.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import { createTwin } from '../../src/twin/index.ts'
import { demoCoTwin } from '../support/adapters/demo-co.ts'
import { scratchDir } from '../support/scratch-dir.ts'

const dir = scratchDir('agenttwin-twinned')
let network: Interception | undefined
afterEach(() => {
  network?.dispose()
  network = undefined
})

/** Your own function, as production runs it. */
async function realLookup(args: { order_id: string }) {
  return { order_id: args.order_id, from: 'the real system' }
}
const lookupOrder = twinned(demoCoTwin, 'lookup_order', realLookup)

describe('twinned: your own tool function, answered by the twin while a case runs', () => {
  it('runs your function when no test network is active (production)', async () => {
    expect(await lookupOrder({ order_id: 'ORD-1001' })).toEqual({
      order_id: 'ORD-1001',
      from: 'the real system',
    })
  })

  it("goes to the twin of the case's async context, recorded in-process", async () => {
    network = createInterception()
    const twin = createTwin(demoCoTwin)
    const order = await network.scope([twin], () => lookupOrder({ order_id: 'ORD-1001' }))
    expect(order).toMatchObject({ order_id: 'ORD-1001', customer_name: 'Maya Lindqvist' })
    expect(twin.records()).toMatchObject([{ tool: 'lookup_order', transport: 'in-process' }])
  })

  it('never reaches the real system from a test that serves no such twin', async () => {
    network = createInterception()
    await expect(lookupOrder({ order_id: 'ORD-1001' })).rejects.toMatchObject({
      code: 'AGENTTWIN_NO_TWIN_IN_CONTEXT',
      twin: 'demo-co-support-tools',
    })
  })

  it('refuses a tool the twin does not have, when it is wrapped', () => {
    expect(() => twinned(demoCoTwin, 'refund_everything', realLookup)).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_UNKNOWN_TOOL' }),
    )
  })
})

describe('a twin file named by URL or path instead of a loaded document', () => {
  const twinFile = new URL('../../examples/demo-co/twins/demo-co.twin.yaml', import.meta.url)

  it.each([
    ['a file: URL', twinFile],
    ['an absolute path', fileURLToPath(twinFile)],
    ['a path relative to the working directory', 'examples/demo-co/twins/demo-co.twin.yaml'],
  ])('%s reaches the twin of the case', async (_name, source) => {
    const lookup = twinned(source, 'lookup_order', realLookup)
    network = createInterception()
    const twin = createTwin(demoCoTwin)
    const order = await network.scope([twin], () => lookup({ order_id: 'ORD-1001' }))
    expect(order).toMatchObject({ order_id: 'ORD-1001', customer_name: 'Maya Lindqvist' })
    expect(twin.records()).toMatchObject([{ tool: 'lookup_order', transport: 'in-process' }])
  })

  it('is read and checked when the tools are built: every tool, one twin', () => {
    const tools = twinTools(twinFile, { only: ['lookup_order', 'refund_payment'] })
    expect(Object.keys(tools)).toEqual(['lookup_order', 'refund_payment'])
    expect(() => twinned(twinFile, 'refund_everything', realLookup)).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_UNKNOWN_TOOL' }),
    )
  })

  it('that is broken fails where the tools are built, naming the file and the line', () => {
    const broken = join(dir, 'broken.twin.yaml')
    writeFileSync(broken, 'apiVersion: agenttwin/twin.v1\nmetadata: { name: x }\n')
    expect(() => twinTools(broken)).toThrow(InvalidDocumentError)
    expect(() => twinTools(broken)).toThrow(/broken\.twin\.yaml:\d+:\d+/)
    expect(() => twinTools(join(dir, 'missing.twin.yaml'))).toThrow(/missing\.twin\.yaml/)
    expect(() => twinTools(new URL('https://tools.example/shop.twin.yaml'))).toThrow(
      /https: is not a file URL\. Fix: name the twin file by its file: URL/,
    )
  })
})
