import { execFile, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { linesWith } from '../../support/normalise-text.ts'
import { type Captured, DEMO_AGENTS, DEMO_SCENARIOS, ROOT, tempDir } from './support/capture.ts'

const BIN = join(ROOT, 'bin/agenttwin.js')
const cleanups: Array<() => void> = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** `node bin/agenttwin.js ...args` in `cwd`, as a user types it; never rejects. */
function agenttwin(args: string[], cwd = ROOT): Promise<Captured> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' }, timeout: 100_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

describe('the agenttwin bin, end to end', { timeout: 120_000 }, () => {
  it('run: prints the verdicts and exits 1 when an expectation fails', async () => {
    const { code, stdout } = await agenttwin([
      'run',
      `${DEMO_SCENARIOS}/refund-happy-path.scenario.yaml`,
      '--agent',
      DEMO_AGENTS,
      '--version',
      'v1.3.0',
    ])
    expect(linesWith(stdout, 'FAIL')).toMatchInlineSnapshot(`
      [
        "  FAIL                  policy-before-refund: refund_payment ran (#2) but get_refund_policy was never called.",
      ]
    `)
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      '6 of 7 expectations passed; 1 did not (0 critical).',
    )
    expect(code).toBe(1)
  })

  it('init then run: the starter passes out of the box in an ES module package', async () => {
    const temp = tempDir({ 'package.json': '{ "type": "module" }\n' })
    cleanups.push(temp.remove)
    const init = await agenttwin(['init'], temp.dir)
    expect(init.code).toBe(0)
    const { code, stdout } = await agenttwin(
      ['run', 'scenarios/example.scenario.yaml', '--agent', 'agents.ts'],
      temp.dir,
    )
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('5 of 5 expectations passed.')
    expect(code).toBe(0)
  })

  it('serve: answers a client in another process and stops with exit 0 on SIGINT', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'serve', 'examples/demo-co/twins/demo-co.twin.yaml'],
      {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1' },
      },
    )
    let stdout = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
    })
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    )
    try {
      for (let tries = 0; tries < 900 && !stdout.includes('Press Ctrl+C'); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const url = /^Serving twin .* at (\S+)$/m.exec(stdout)?.[1]
      expect(url, stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const res = await fetch(`${url}/tools/lookup_order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'ORD-1002' }),
      })
      expect(res.status).toBe(200)
      child.kill('SIGINT')
      expect(await exited).toBe(0)
      expect(stdout.trimEnd().split('\n').slice(-2)).toEqual([
        '#1 lookup_order(order_id=ORD-1002) → 200',
        'Stopped; the twin recorded 1 call since its last reset.',
      ])
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})

describe('the agenttwin bin and an agent that leaves a timer behind', { timeout: 120_000 }, () => {
  it('run: the late request never reaches the network, the process ends with the command', async () => {
    const hits: string[] = []
    const server = createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`)
      response.end('reached')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const temp = tempDir({ 'package.json': '{ "type": "module" }\n' })
    cleanups.push(temp.remove, () => server.close())
    expect((await agenttwin(['init'], temp.dir)).code).toBe(0)
    // Answers at once and sends its tool request later, from a timer nobody awaits.
    writeFileSync(
      join(temp.dir, 'agents.ts'),
      [
        'export const agents = {',
        '  v1: {',
        "    name: 'hasty',",
        "    version: '1.0.0',",
        '    async run() {',
        `      setTimeout(() => fetch('http://127.0.0.1:${port}/late').catch(() => {}), 300)`,
        "      return { reply: 'Ticket T-100 is closed.', outcome: 'SUCCESS' }",
        '    },',
        '  },',
        '}',
        '',
      ].join('\n'),
    )
    const run = await agenttwin(
      ['run', 'scenarios/example.scenario.yaml', '--agent', 'agents.ts'],
      temp.dir,
    )
    expect(linesWith(run.stdout, 'ticket-closed')).toMatchInlineSnapshot(`
      [
        "  FAIL                  ticket-closed (critical): tickets.T-100.status is "open", expected "closed"; no call changed it.",
      ]
    `)
    expect(run.code).toBe(1)
    expect(hits).toEqual([])
  })
})

describe('the agenttwin bin and a reader that closes the pipe early', { timeout: 120_000 }, () => {
  it('check | head: stops quietly with the broken-pipe status, no EPIPE trace', async () => {
    const temp = tempDir({})
    cleanups.push(temp.remove)
    const rows = Array.from({ length: 20_000 }, (_, index) =>
      JSON.stringify({ trace_id: `t-${index}`, execution_status: 'unknown' }),
    )
    const file = join(temp.dir, 'outcomes.jsonl')
    await import('node:fs/promises').then((fs) => fs.writeFile(file, `${rows.join('\n')}\n`))
    const child = spawn(process.execPath, [BIN, 'check', file], { cwd: ROOT })
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk
    })
    // Read the first line only, then close the pipe, as `head -1` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
    child.stdout.destroy()
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(stderr).toBe('')
    expect(code).toBe(141)
  })
})
