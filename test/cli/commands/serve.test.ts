import { createServer } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { CliIO } from '../../../src/cli/command.ts'
import { createServeCommand } from '../../../src/cli/commands/serve.ts'
import type { CallRecord } from '../../../src/core/call-record.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { capture, DEMO_SCENARIOS, ROOT, tempDir } from './support/capture.ts'

const DEMO_TWIN = 'examples/demo-co/twins/demo-co.twin.yaml'
const REFUND = { order_id: 'ORD-1001', amount: 40 }
const stops: AbortController[] = []
const cleanups: Array<() => void> = []

afterEach(() => {
  for (const stop of stops.splice(0)) stop.abort()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** Starts `agenttwin serve` in this process; resolves once it printed its URL. */
async function startServe(args: string[]) {
  const stop = new AbortController()
  stops.push(stop)
  const output = { stdout: '', stderr: '' }
  const io: CliIO = {
    stdout: (text) => {
      output.stdout += text
    },
    stderr: (text) => {
      output.stderr += text
    },
    cwd: ROOT,
  }
  const done = createServeCommand({ stop: stop.signal }).run(args, io)
  for (let tries = 0; tries < 400 && !output.stdout.includes('Press Ctrl+C'); tries++) {
    const early = await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10))])
    if (typeof early === 'number') throw new Error(`serve exited ${early}: ${output.stderr}`)
  }
  const url = /^Serving twin .* at (\S+)$/m.exec(output.stdout)?.[1]
  if (!url) throw new Error(`no URL in: ${output.stdout}`)
  const token = /^Inspection token: ([0-9a-f]+) /m.exec(output.stdout)?.[1]
  return {
    url,
    output,
    /** An inspection request with the printed token. */
    inspect(path: string, init: RequestInit = {}) {
      return fetch(`${url}/__agenttwin${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}` },
      })
    },
    async stop() {
      stop.abort()
      return done
    },
  }
}

/** What serve printed, its port and its one-off inspection token as placeholders. */
function printed(stdout: string): string {
  return normaliseText(stdout.replace(/^(Inspection token: )[0-9a-f]+/m, '$1<token>'))
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('agenttwin serve', () => {
  it('serves a twin document: prints the URL and tools, one line per call, stops on request', async () => {
    const served = await startServe([DEMO_TWIN])
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    const res = await post(`${served.url}/tools/lookup_order`, { order_id: 'ORD-1001' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ order_id: 'ORD-1001', refund_count: 0 })

    const records = (await (await served.inspect('/records')).json()) as CallRecord[]
    expect(records.map((record) => record.tool)).toEqual(['lookup_order'])

    expect(await served.stop()).toBe(0)
    // The URL and its tools, one line per call, the stop: the whole session as printed.
    expect(printed(served.output.stdout)).toMatchInlineSnapshot(`
      "Serving twin demo-co-support-tools 1.0.0 at http://127.0.0.1:<port>
      Tools:
        POST http://127.0.0.1:<port>/tools/lookup_order  lookup_order (READ)
        POST http://127.0.0.1:<port>/tools/get_refund_policy  get_refund_policy (READ)
        POST http://127.0.0.1:<port>/tools/refund_payment  refund_payment (WRITE_IRREVERSIBLE)
        POST http://127.0.0.1:<port>/tools/send_customer_email  send_customer_email (OUTBOUND_COMMUNICATION)
        POST http://127.0.0.1:<port>/tools/handoff_to_human  handoff_to_human (WRITE_REVERSIBLE)
      Inspect: GET http://127.0.0.1:<port>/__agenttwin/records, GET http://127.0.0.1:<port>/__agenttwin/state, POST http://127.0.0.1:<port>/__agenttwin/reset
      Inspection token: <token> (send Authorization: Bearer <token>)
      Press Ctrl+C to stop.
      #1 lookup_order(order_id=ORD-1001) → 200
      Stopped; the twin recorded 1 call since its last reset.
      "
    `)
    const port = Number(new URL(served.url).port)
    const refused = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.on('error', resolve)
      socket.on('connect', () => {
        socket.destroy()
        resolve('connected')
      })
    })
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' })
  })

  it("serves a scenario's twin with its faults and seed: the first refund commits, then the caller sees 504", async () => {
    const served = await startServe([
      `${DEMO_SCENARIOS}/refund-timeout-after-mutation.scenario.yaml`,
    ])
    const first = await post(`${served.url}/tools/refund_payment`, REFUND)
    expect(first.status).toBe(504)
    const state = (await (await served.inspect('/state')).json()) as {
      orders: Record<string, { refund_count: number }>
    }
    expect(state.orders['ORD-1001']?.refund_count).toBe(1)
    expect(printed(served.output.stdout)).toMatchInlineSnapshot(`
      "Serving twin demo-co-support-tools 1.0.0 at http://127.0.0.1:<port>
      From scenario refund-timeout-after-mutation: no state overrides; fault rules refund-commits-then-times-out (timeout_after_mutation on refund_payment); seed 1002
      Tools:
        POST http://127.0.0.1:<port>/tools/lookup_order  lookup_order (READ)
        POST http://127.0.0.1:<port>/tools/get_refund_policy  get_refund_policy (READ)
        POST http://127.0.0.1:<port>/tools/refund_payment  refund_payment (WRITE_IRREVERSIBLE)
        POST http://127.0.0.1:<port>/tools/send_customer_email  send_customer_email (OUTBOUND_COMMUNICATION)
        POST http://127.0.0.1:<port>/tools/handoff_to_human  handoff_to_human (WRITE_REVERSIBLE)
      Inspect: GET http://127.0.0.1:<port>/__agenttwin/records, GET http://127.0.0.1:<port>/__agenttwin/state, POST http://127.0.0.1:<port>/__agenttwin/reset
      Inspection token: <token> (send Authorization: Bearer <token>)
      Press Ctrl+C to stop.
      #1 refund_payment(amount=40, order_id=ORD-1001) → 504 [fault timeout_after_mutation]
      "
    `)

    const reset = await served.inspect('/reset', { method: 'POST' })
    expect(reset.status).toBe(200)
    expect((await post(`${served.url}/tools/refund_payment`, REFUND)).status).toBe(504)
    await served.stop()
  })

  it('exits 2 with the problem for documents it cannot serve and ports it cannot use', async () => {
    const temp = tempDir({
      'refund.contract.yaml': '# a contract\napiVersion: agenttwin/contract.v1\ncontract_id: x\n',
      'odd.yaml': 'apiVersion: agenttwin/widget.v1\n',
    })
    cleanups.push(temp.remove)
    const contract = await capture(createServeCommand(), ['refund.contract.yaml'], temp.dir)
    expect(contract.code).toBe(2)
    expect(normaliseText(contract.stderr)).toMatchInlineSnapshot(`
      "agenttwin serve: 1 problem [AGENTTWIN_INVALID_DOCUMENT]:
      refund.contract.yaml:2:13 a contract document cannot be served at apiVersion. Fix: give a twin.v1 document, or a scenario.v1 document (its twin is served with its state and faults)
      "
    `)
    const odd = await capture(createServeCommand(), ['odd.yaml'], temp.dir)
    expect(odd.code).toBe(2)
    expect(normaliseText(odd.stderr)).toMatchInlineSnapshot(`
      "agenttwin serve: 1 problem [AGENTTWIN_INVALID_DOCUMENT]:
      odd.yaml:1:13 unknown apiVersion "agenttwin/widget.v1"; supported versions are \`agenttwin/twin.v1\`, \`agenttwin/scenario.v1\`, \`agenttwin/contract.v1\` and \`agenttwin/attack.v1\` at apiVersion. Fix: use one of \`agenttwin/twin.v1\`, \`agenttwin/scenario.v1\`, \`agenttwin/contract.v1\` and \`agenttwin/attack.v1\` (did you mean \`agenttwin/twin.v1\`?)
      "
    `)
    const missing = await capture(createServeCommand(), ['nowhere.twin.yaml'])
    expect(missing.code).toBe(2)
    expect(normaliseText(missing.stderr)).toMatchInlineSnapshot(`
      "agenttwin serve: 1 problem [AGENTTWIN_INVALID_DOCUMENT]:
      nowhere.twin.yaml:1:1 the file does not exist. Fix: check the path and the working directory
      "
    `)

    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const { port } = blocker.address() as AddressInfo
    try {
      const taken = await capture(createServeCommand(), [DEMO_TWIN, '--port', String(port)])
      expect(taken.code).toBe(2)
      expect(normaliseText(taken.stderr)).toMatchInlineSnapshot(`
        "agenttwin serve: Cannot serve twin "demo-co-support-tools" on 127.0.0.1:<port>: the port is already in use (EADDRINUSE). Fix: choose another port (0 picks a free one) or another host (127.0.0.1 for this machine only). [AGENTTWIN_TWIN_SERVER_LISTEN]
        "
      `)
    } finally {
      blocker.close()
    }

    const command = createServeCommand()
    const refusals: string[] = []
    for (const args of [
      [],
      [DEMO_TWIN, DEMO_TWIN],
      [DEMO_TWIN, '--port', '70000'],
      [DEMO_TWIN, '--port', '-1'],
    ]) {
      const usage = await capture(command, args)
      expect(usage.code, args.join(' ')).toBe(2)
      // One line saying what is wrong, then the usage and nothing else.
      const [line = '', ...below] = usage.stderr.split('\n')
      expect(below.join('\n').trim(), args.join(' ')).toBe(command.usage.trim())
      refusals.push(normaliseText(line))
    }
    expect(refusals).toMatchInlineSnapshot(`
      [
        "agenttwin serve: missing <twin-or-scenario> [AGENTTWIN_CLI_USAGE]",
        "agenttwin serve: expected one document, got examples/demo-co/twins/demo-co.twin.yaml examples/demo-co/twins/demo-co.twin.yaml [AGENTTWIN_CLI_USAGE]",
        "agenttwin serve: --port 70000 is not a whole number from 0 to 65535. Fix: give a whole number from 0 to 65535. [AGENTTWIN_CLI_USAGE]",
        "agenttwin serve: --port needs a value (got the option -1). Fix: write --port <value>, or --port=-1 for a value that starts with "-". [AGENTTWIN_CLI_USAGE]",
      ]
    `)
  })
})
