import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseHtml } from '../support/html-dom.ts'
import { linesWith, normaliseText } from '../support/normalise-text.ts'
import {
  type InstalledProject,
  installPackedProject,
  pinned,
  writeUserTsconfig,
} from './helpers/installed-project.ts'
import { failureBlock } from './helpers/normalize.ts'

// What a user gets: the packed tarball installed into a fresh project with
// its own package.json, driven only through the package's published entries.
// The project lives outside the repository, so nothing resolves to our sources.
const repo = fileURLToPath(new URL('../..', import.meta.url))
// The files the getting-started guide shows, which these tests run as a user would.
const guide = `${repo}docs/examples/getting-started/`
let project: string
let run: InstalledProject['run']

/** Vitest's block for one failed test, without its stack frames (their line numbers move with the sources). */
function failureOf(stderr: string, header: string): string {
  const lines = failureBlock(stderr, header).split('\n')
  return normaliseText(lines.filter((line) => !/^ ❯ \S+:\d+:\d+$/.test(line)).join('\n'), {
    project,
  })
}

beforeAll(async () => {
  ;({ dir: project, run } = installPackedProject('agenttwin-installed-', [
    pinned('vitest'),
    pinned('vite'),
    pinned('typescript'),
    pinned('@types/node'),
    // The Demo Co example's agent reaches its twin over MCP too.
    pinned('@modelcontextprotocol/sdk'),
  ]))
  const init = run('npx', ['agenttwin', 'init'])
  if (init.code !== 0) throw new Error(`agenttwin init failed:\n${init.stderr}`)
  // The config exactly as `init` prints it.
  const config = init.stdout.slice(init.stdout.indexOf('import { defineConfig }'))
  writeFileSync(join(project, 'vitest.config.ts'), config)
  mkdirSync(join(project, 'test'))
  // The matcher test exactly as the getting-started guide shows it.
  copyFileSync(join(guide, 'test/close.test.ts'), join(project, 'test/close.test.ts'))
  writeUserTsconfig(project, { include: ['*.ts', 'test/**/*.ts'], skipLibCheck: false })
}, 600_000)

afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('the package installed from its tarball into a fresh project', () => {
  test('ships compiled JavaScript, types and schemas, and no TypeScript sources', () => {
    const installed = join(project, 'node_modules/agenttwin')
    const files = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))
    expect(files.exports['./vitest'].types).toMatch(/^\.\/dist\/.*\.d\.ts$/)
    expect(JSON.parse(readFileSync(join(installed, 'schemas/twin.v1.json'), 'utf8'))).toMatchObject(
      {
        type: 'object',
      },
    )
    expect(run('ls', [join(installed, 'src')]).code).not.toBe(0)
  })

  test('every source map names shipped files or carries the source it names', () => {
    const installed = join(project, 'node_modules/agenttwin')
    const maps = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.map'),
    )
    expect(maps.length).toBeGreaterThan(0)
    const dangling: string[] = []
    for (const file of maps) {
      const map = JSON.parse(readFileSync(join(installed, file), 'utf8')) as {
        sources: string[]
        sourcesContent?: Array<string | null>
      }
      map.sources.forEach((source, index) => {
        const shipped = existsSync(join(installed, dirname(file), source))
        if (!shipped && typeof map.sourcesContent?.[index] !== 'string') {
          dangling.push(`${file} → ${source}`)
        }
      })
    }
    expect(dangling).toEqual([])
  })

  test('the documents init writes point editors at the shipped JSON Schemas', () => {
    for (const [file, kind] of [
      ['twins/example.twin.yaml', 'twin'],
      ['scenarios/example.scenario.yaml', 'scenario'],
    ] as const) {
      const first = readFileSync(join(project, file), 'utf8').split('\n')[0]!
      const schema = /^# yaml-language-server: \$schema=(\S+)$/.exec(first)?.[1]
      expect(schema, first).toBe(`../node_modules/agenttwin/schemas/${kind}.v1.json`)
      const path = resolve(dirname(join(project, file)), schema!)
      expect(existsSync(path)).toBe(true)
    }
  })

  test('npx vitest run runs the scenario file and the hand-written test with the matchers', () => {
    const result = run('npx', ['vitest', 'run'])
    expect(result.stdout + result.stderr).toMatch(/Test Files\s+2 passed \(2\)/)
    expect(result.code).toBe(0)
  })

  test('npx agenttwin validate and run work on the starter documents', () => {
    const validate = run('npx', [
      'agenttwin',
      'validate',
      'twins/example.twin.yaml',
      'scenarios/example.scenario.yaml',
    ])
    expect(validate.stdout).toBe('2 files valid\n')
    expect(validate.code).toBe(0)
    const scenario = run('npx', [
      'agenttwin',
      'run',
      'scenarios/example.scenario.yaml',
      '--agent',
      'agents.ts',
    ])
    expect(scenario.stdout).toMatch(/(\d+) of \1 expectations passed\./)
    expect(scenario.code).toBe(0)
  })

  test('the network guard also guards a worker thread a test starts', () => {
    // The worker loads the guard's own module by path: it must ship as a file.
    writeFileSync(
      join(project, 'test/worker.test.ts'),
      [
        "import { Worker } from 'node:worker_threads'",
        "import { expect, test } from 'vitest'",
        '',
        "test('a worker calls a host nobody serves', async () => {",
        '  const answer = await new Promise((resolve, reject) => {',
        '    const worker = new Worker(',
        "      `const { parentPort } = require('node:worker_threads')",
        "      fetch('http://api.unserved.example/orders').then(",
        "        () => parentPort.postMessage('arrived'),",
        "        (error) => parentPort.postMessage('refused: ' + (error?.cause?.message ?? error?.message)),",
        '      )`,',
        '      { eval: true },',
        '    )',
        "    worker.once('message', (message) => { void worker.terminate(); resolve(message) })",
        "    worker.once('error', reject)",
        '  })',
        '  expect(answer).toMatch(/^refused: /)',
        // A worker starts slowly on a busy machine; the refusal itself is immediate.
        '}, 60_000)',
        '',
      ].join('\n'),
    )
    const result = run('npx', ['vitest', 'run', 'test/worker.test.ts'])
    // The refusal is evidence on the test even though the agent code caught it.
    expect(failureOf(result.stderr, 'test/worker.test.ts >')).toMatchInlineSnapshot(`
      " FAIL  test/worker.test.ts > a worker calls a host nobody serves
      UnhandledRequestsError: 1 request got no answer from a twin:
        - AgentTwin blocked GET http://api.unserved.example/orders (worker) from worker_threads worker #1 (inline code): no twin answers it, and tests never reach the real network.
      Fix: make the call on the test's thread, or serve the twin over HTTP with serveTwin() and let the worker reach it (allowLoopback). Otherwise serve http://api.unserved.example with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['api.unserved.example'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
    // The failure points at nothing inside the package: its sources are not shipped.
    expect(result.stderr).not.toMatch(/❯ node_modules\/agenttwin\//)
    expect(result.stdout).toMatch(/Tests\s+1 failed \(1\)/)
    expect(result.code).toBe(1)
    rmSync(join(project, 'test/worker.test.ts'))
  })

  test('a strict NodeNext tsc, without skipLibCheck, compiles the project against the shipped types', () => {
    const result = run('npx', ['tsc', '--noEmit', '-p', '.'])
    expect(result.stdout + result.stderr).toBe('')
    expect(result.code).toBe(0)
  }, 300_000)

  test("the guide's first pair: the hasty v2 misreports a close that happened, a new critical failure the gate blocks, in the terminal and the JSON report", () => {
    copyFileSync(join(guide, 'versions.ts'), join(project, 'versions.ts'))
    copyFileSync(join(guide, 'vitest.config.ts'), join(project, 'vitest.config.ts'))
    const result = run('npx', ['vitest', 'run'])
    expect(
      failureOf(result.stderr, 'scenarios/example.scenario.yaml:5:5 >'),
    ).toMatchInlineSnapshot(`
      " FAIL  scenarios/example.scenario.yaml:5:5 > example-close-ticket: Close a ticket although the helpdesk times out after closing it > v2 vs v1 · NEW_CRITICAL_FAILURE
      PairRegression: NEW_CRITICAL_FAILURE: v2 is worse than v1 on example-close-ticket.
      At step 1 the baseline called get_ticket(ticket_id=T-100); the candidate called
          close_ticket(idempotency_key=close-T-100-1, resolution=Password reset link sent.,
          ticket_id=T-100).
      The candidate called the reversible close_ticket without first calling get_ticket,
          which the baseline called at this point.
        success-backed-by-state: PASS → UNREPORTED_EFFECT
        read-before-close: PASS → FAIL

      - Baseline v1
      + Candidate v2

      - get_ticket(ticket_id=T-100) → 200
        close_ticket(idempotency_key=…, resolution=Password reset link sent.,
            ticket_id=T-100) → 504 [fault timeout_after_mutation] changed tickets.T-100.status,
            tickets.T-100.resolution, tickets.T-100.close_count
      - get_ticket(ticket_id=T-100) → 200
      + close_ticket(idempotency_key=…, resolution=Password reset link sent.,
      +     ticket_id=T-100) → 409 [rejected by the twin]
      - reported SUCCESS
      + reported FAILURE

       ❯ example-close-ticket scenarios/example.scenario.yaml:5:5
            3| # answering: the agent must find out what happened instead of guessing.
            4| apiVersion: agenttwin/scenario.v1
            5| id: example-close-ticket
             |     ^
            6| version: 1.0.0
            7| title: Close a ticket although the helpdesk times out after closing it

       ❯ agenttwin
         ↳ NEW_CRITICAL_FAILURE. At step 1 the baseline called get_ticket(ticket_id=T-100); the candidate called close_ticket(idempotency_key=close-T-100-1, resolution=Password reset link sent., ticket_id=T-100). The candidate called the reversible close_ticket without first calling get_ticket, which the baseline called at this point."
    `)
    expect(result.code).toBe(1)
    const report = JSON.parse(readFileSync(join(project, 'reports/agenttwin.json'), 'utf8'))
    expect(report.gate.verdict).toBe('BLOCK')
    const html = run('npx', [
      'agenttwin',
      'report',
      'reports/agenttwin.json',
      '--out',
      'reports/agenttwin.html',
    ])
    expect(html.code).toBe(0)
    const page = parseHtml(readFileSync(join(project, 'reports/agenttwin.html'), 'utf8'))
    expect(page.document.title).toBe('AgentTwin comparison: BLOCK')
    expect(page.text('header p')).toMatchInlineSnapshot(
      `"Overall gate BLOCK example-agent 2.0.0 vs 1.0.0: 1 NEW_CRITICAL_FAILURE case (block)"`,
    )
  })

  test('init --example demo-co copies Demo Co, whose declared regression gates BLOCK as declared', () => {
    const copy = run('npx', ['agenttwin', 'init', '--example', 'demo-co', 'demo-co'])
    expect(copy.stdout).toMatchInlineSnapshot(`
      "copied the demo-co example (42 files) into demo-co

      Next:
        cd demo-co
        npm i -D @modelcontextprotocol/sdk
        npx vitest run
      "
    `)
    expect(copy.stderr).toBe('')
    expect(copy.code).toBe(0)
    const result = spawnSync('npx', ['vitest', 'run'], {
      cwd: join(project, 'demo-co'),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', CI: 'true' },
      timeout: 300_000,
    })
    expect(linesWith(result.stdout, 'AgentTwin: ')).toMatchInlineSnapshot(`
      [
        "AgentTwin: v1.3.0 vs v1.2.4 gated BLOCK, as declared (expectGate: 'BLOCK').",
      ]
    `)
    expect(result.status).toBe(0)
  })
})

describe('an adapter entry without its framework installed', () => {
  test.each([
    ['ai-sdk', 'ai', 'ai'],
    ['openai-agents', '@openai/agents', '@openai/agents zod'],
    ['langchain', '@langchain/core', '@langchain/core'],
    ['mastra', '@mastra/core', '@mastra/core zod'],
  ])(
    'agenttwin/adapters/%s names the missing peer and how to install it',
    (entry, peer, install) => {
      // npm may bring a framework in on its own (an optional peer another package wants): take it out.
      rmSync(join(project, 'node_modules', peer), { recursive: true, force: true })
      const script = `import('agenttwin/adapters/${entry}').then(() => console.log('loaded'), (error) => console.log(JSON.stringify({ code: error.code, message: error.message })))`
      const result = run('node', ['--input-type=module', '-e', script])
      const error = JSON.parse(result.stdout) as { code: string; message: string }
      expect(error.code).toBe('AGENTTWIN_MISSING_PEER')
      expect(error.message).toBe(
        `agenttwin/adapters/${entry} needs the package "${peer}", which is not installed in this project. Fix: install it beside agenttwin with npm i -D ${install}`,
      )
    },
  )
})

describe('MCP without its SDK installed', () => {
  test('agenttwin/mcp names the missing SDK and how to install it', () => {
    // Installed for the Demo Co example above; a project that never added it looks like this.
    rmSync(join(project, 'node_modules', '@modelcontextprotocol'), { recursive: true, force: true })
    const script = `import('agenttwin/mcp').then(() => console.log('loaded'), (error) => console.log(JSON.stringify({ code: error.code, message: error.message })))`
    const result = run('node', ['--input-type=module', '-e', script])
    const error = JSON.parse(result.stdout) as { code: string; message: string }
    expect(error.code).toBe('AGENTTWIN_MISSING_PEER')
    expect(error.message).toBe(
      'Serving a twin over MCP needs the package "@modelcontextprotocol/sdk", which is not installed in this project. Fix: install it beside agenttwin with npm i -D @modelcontextprotocol/sdk',
    )
  })

  test('agenttwin mcp says the same, without a stack trace', () => {
    const result = run('npx', ['agenttwin', 'mcp', 'twins/example.twin.yaml'])
    expect(result.stderr).toContain(
      'Serving a twin over MCP needs the package "@modelcontextprotocol/sdk", which is not installed in this project.',
    )
    expect(result.stderr).toContain('npm i -D @modelcontextprotocol/sdk')
    expect(result.stderr).not.toMatch(/^\s+at /m)
    expect(result.code).not.toBe(0)
  })

  test('the main entry and the Vitest entry load without it', () => {
    const script = `Promise.all([import('agenttwin'), import('agenttwin/vitest')]).then(() => console.log('loaded'), (error) => console.log(error.message))`
    expect(run('node', ['--input-type=module', '-e', script]).stdout.trim()).toBe('loaded')
  })
})
