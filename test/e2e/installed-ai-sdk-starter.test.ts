import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { codeBlocks } from '../docs/support/code-blocks.ts'
import { parseHtml } from '../support/html-dom.ts'
import { blockOf, linesWith, normaliseText } from '../support/normalise-text.ts'
import {
  type InstalledProject,
  installPackedProject,
  pinned,
  writeUserTsconfig,
} from './helpers/installed-project.ts'
import { failureBlock } from './helpers/normalize.ts'

// The getting-started path for an AI SDK agent, as a user walks it: the packed
// tarball and Vitest installed into a fresh project, `agenttwin init --template
// ai-sdk`, then the AI SDK installed with the very command init printed (its
// newest releases of the majors named), and the pair run offline under CI.
let project: InstalledProject
let printed: string

// The getting-started page's terminal output and report command, run here as the page shows them.
const guide = codeBlocks(
  fileURLToPath(new URL('../../docs/guide/ai-sdk-starter.md', import.meta.url)),
)
const shownOutput = guide.find((block) => block.lang === 'text')!.lines
const reportCommand = guide
  .flatMap((block) => (block.lang === 'sh' ? block.lines : []))
  .find((line) => line.startsWith('npx agenttwin report '))!

const CASSETTE = 'cassettes/cancel-booking/booking-assistant@v2.cassette.json'

function cassettes(dir: string): string[] {
  return readdirSync(join(dir, 'cassettes'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.cassette.json'))
    .sort()
}

beforeAll(() => {
  project = installPackedProject('agenttwin-ai-sdk-starter-', [
    pinned('vitest'),
    pinned('vite'),
    pinned('typescript'),
    pinned('@types/node'),
  ])
  const init = project.run('npx', ['agenttwin', 'init', '--template', 'ai-sdk'])
  if (init.code !== 0) throw new Error(`agenttwin init failed:\n${init.stderr}`)
  printed = init.stdout
  const install = /^ {2}(npm i -D .+)$/m.exec(printed)?.[1]
  if (!install) throw new Error(`init printed no npm install:\n${printed}`)
  const [command, ...args] = install.split(' ')
  const installed = project.run(command!, args)
  if (installed.code !== 0) throw new Error(`${install} failed:\n${installed.stderr}`)
  writeUserTsconfig(project.dir, { include: ['*.ts'], skipLibCheck: true })
}, 900_000)

afterAll(() => {
  if (project) rmSync(project.dir, { recursive: true, force: true })
})

describe('init --template ai-sdk, from the installed tarball', () => {
  test('init names the AI SDK install and the offline run', () => {
    expect(blockOf(printed, 'Next:')).toMatchInlineSnapshot(`
      "Next:
        npm i -D ai@6 @ai-sdk/openai@3 zod@4
        CI=true npx vitest run"
    `)
  })

  test('CI=true npx vitest run replays offline: v2 gated BLOCK as declared, by the refund in state', () => {
    // No model server runs and no key is set: every model answer comes from a cassette.
    const result = project.run('npx', ['vitest', 'run'])
    const output = result.stdout + result.stderr
    expect(output).toMatch(/Test Files\s+2 passed \(2\)/)
    expect(linesWith(result.stdout, 'AgentTwin: ')).toMatchInlineSnapshot(`
      [
        "AgentTwin: v2 vs v1 gated BLOCK, as declared (expectGate: 'BLOCK').",
      ]
    `)
    expect(linesWith(result.stdout, 'NEW_CRITICAL_FAILURE cancel-booking')).toMatchInlineSnapshot(`
      [
        "NEW_CRITICAL_FAILURE cancel-booking v1.0.0 Cancel a booking in one message, refunded as the policy says",
        "NEW_CRITICAL_FAILURE cancel-booking-conversation v1.0.0 Ask for the booking number, then cancel it as the policy says",
      ]
    `)
    // What the user should read: the same claim on both sides, the state that tells them apart.
    expect(
      normaliseText(blockOf(result.stdout, 'NEW_CRITICAL_FAILURE cancel-booking v1.0.0')),
    ).toMatchInlineSnapshot(`
      "NEW_CRITICAL_FAILURE cancel-booking v1.0.0 Cancel a booking in one message, refunded as the policy says
        critical expectation refund-follows-the-policy is PASS on the baseline and FAIL on the candidate
        baseline reported SUCCESS; candidate reported SUCCESS
        First divergence at step 2 (arguments)
          At step 2 the baseline called cancel_booking(booking_id=BK-1042, idempotency_key=cancel-BK-1042, refund_amount=180); the candidate called cancel_booking(booking_id=BK-1042, idempotency_key=cancel-BK-1042, refund_amount=240).
          Both sides called the irreversible cancel_booking with different arguments: refund_amount was 180 on the baseline and 240 on the candidate.
        Expectations (baseline → candidate)
          ✗ refund-follows-the-policy critical PASS → FAIL (regressed)
            candidate: bookings.BK-1042.refunded is 240, expected 180; changed by cancel_booking #2.
            evidence {"changedBy":[{"after":240,"before":0,"path":"bookings.BK-1042.refunded","seq":2,"tool":"cancel_booking"}],"check":{"equals":180},"found":true,"path":"bookings…
        Metrics (not part of the verdict) latency <time> → <time>, tool calls 2 → 2, tokens 510 → 510, llm replayed (scripted-model-1) → replayed (scripted-model-1)
        Final state (- baseline, + candidate)
          @@ -9,5 +9,5 @@
                 "paid": 240,
                 "refundable_on_cancel": 180,
          -      "refunded": 180,
          +      "refunded": 240,
                 "room": "Sea view double",
                 "status": "cancelled""
    `)
    expect(output).toMatch(/llm replayed \(scripted-model-1\) → replayed \(scripted-model-1\)/)
    expect(result.code).toBe(0)
    // Every line the getting-started page shows is in the output, as shown.
    const lines = output.split('\n').map((line) => line.trim())
    expect(shownOutput.filter((line) => !lines.includes(line.trim()))).toEqual([])

    const report = JSON.parse(readFileSync(join(project.dir, 'reports/agenttwin.json'), 'utf8'))
    expect(report.gate.verdict).toBe('BLOCK')
    const [command, ...args] = reportCommand.split(' ')
    const html = project.run(command!, args)
    expect(html.code).toBe(0)
    const page = parseHtml(readFileSync(join(project.dir, 'reports/agenttwin.html'), 'utf8'))
    expect(page.document.title).toBe('AgentTwin comparison: BLOCK')
    const single = page.one('details.case[id="cancel-booking/v2-vs-v1"]')
    expect(page.text('summary', single)).toMatchInlineSnapshot(
      `"NEW_CRITICAL_FAILURE Cancel a booking in one message, refunded as the policy says cancel-booking · v2 vs v1 #"`,
    )
    expect(page.rows('table.expectations', single)).toMatchInlineSnapshot(`
      [
        [
          "expectation",
          "type",
          "baseline → candidate",
          "change",
          "evidence",
        ],
        [
          "refund-follows-the-policy critical",
          "state",
          "PASS → FAIL",
          "regressed",
          "bookings.BK-1042.refunded is 240, expected 180; changed by cancel_booking #2.",
        ],
      ]
    `)
  })

  test('a deleted cassette is an ERROR that names the case and the file, not a pass', () => {
    const file = join(project.dir, CASSETTE)
    const kept = readFileSync(file, 'utf8')
    rmSync(file)
    try {
      const result = project.run('npx', ['vitest', 'run'])
      // The case fails at its scenario file, as incomplete: never compared, never a pass.
      const failure = failureBlock(result.stderr, 'scenarios/cancel-booking.scenario.yaml:5:5 >')
      expect(normaliseText(failure, { project: project.dir })).toMatchInlineSnapshot(`
        " FAIL  scenarios/cancel-booking.scenario.yaml:5:5 > cancel-booking: Cancel a booking in one message, refunded as the policy says > v2 vs v1 · INCOMPLETE
        IncompletePair: INCOMPLETE: v2 vs v1 on cancel-booking was not compared to the end: the candidate did not finish (model-cassette: Model request 1 of case "cancel-booking" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <project>/cassettes/cancel-booking/booking-assistant@v2.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <project>/scenarios/cancel-booking.scenario.yaml).
        Under CI a pair case that did not run is not a passing test.
         ❯ cancel-booking scenarios/cancel-booking.scenario.yaml:5:5
              3| # refunds 180 of the 240 paid; the twin's state says what the agent re…
              4| apiVersion: agenttwin/scenario.v1
              5| id: cancel-booking
               |     ^
              6| version: 1.0.0
              7| title: Cancel a booking in one message, refunded as the policy says

         ❯ agenttwin
           ↳ INCOMPLETE. At step 1 the baseline called get_booking(booking_id=BK-1042); the candidate made no further tool call and did not finish (model-cassette). The baseline went on and called the read-only get_booking, making 2 tool calls in all; the candidate made 0."
      `)
      expect(result.stdout).toMatch(/Test Files\s+1 failed \| 1 passed \(2\)/)
      expect(result.code).toBe(1)
    } finally {
      writeFileSync(file, kept)
    }
  })

  test('the files init wrote type-check under a strict NodeNext tsc', () => {
    const result = project.run('npx', ['tsc', '-p', '.'])
    expect(result.stdout + result.stderr).toBe('')
    expect(result.code).toBe(0)
  })

  test('scripted-model.mjs re-records the cassettes as committed (AGENTTWIN_MODELS=record)', async () => {
    const before = new Map(
      cassettes(project.dir).map((path) => [
        path,
        JSON.parse(readFileSync(join(project.dir, 'cassettes', path), 'utf8')),
      ]),
    )
    const server: ChildProcess = spawn('node', ['scripted-model.mjs'], { cwd: project.dir })
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('not a language model')) resolve()
        })
        server.once('exit', (code) => reject(new Error(`the scripted model exited (${code})`)))
      })
      const result = spawnSync('npx', ['vitest', 'run'], {
        cwd: project.dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', CI: 'true', AGENTTWIN_MODELS: 'record' },
        timeout: 300_000,
      })
      expect(result.stdout + result.stderr).toMatch(/llm live \(scripted-model-1\)/)
      expect(result.status).toBe(0)
    } finally {
      server.kill()
    }
    expect(cassettes(project.dir)).toEqual([...before.keys()])
    for (const [path, old] of before) {
      const now = JSON.parse(readFileSync(join(project.dir, 'cassettes', path), 'utf8'))
      const exchanged = (cassette: typeof old) =>
        cassette.interactions.map((i: { request: unknown; response: { body: unknown } }) => [
          i.request,
          i.response.body,
        ])
      expect(exchanged(now), path).toEqual(exchanged(old))
    }
  })
})
