import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { codeBlocks } from '../docs/support/code-blocks.ts'
import {
  type InstalledProject,
  installPackedProject,
  pinned,
  writeUserTsconfig,
} from './helpers/installed-project.ts'

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
    expect(printed).toContain('  npm i -D ai@6 @ai-sdk/openai@3 zod@4\n')
    expect(printed).toContain('  CI=true npx vitest run\n')
  })

  test('CI=true npx vitest run replays offline: v2 gated BLOCK as declared, by the refund in state', () => {
    // No model server runs and no key is set: every model answer comes from a cassette.
    const result = project.run('npx', ['vitest', 'run'])
    const output = result.stdout + result.stderr
    expect(output).toMatch(/Test Files\s+2 passed \(2\)/)
    expect(output).toContain("AgentTwin: v2 vs v1 gated BLOCK, as declared (expectGate: 'BLOCK').")
    expect(output).toContain('NEW_CRITICAL_FAILURE cancel-booking v1.0.0')
    expect(output).toContain('NEW_CRITICAL_FAILURE cancel-booking-conversation v1.0.0')
    // What the user should read: the same claim on both sides, the state that tells them apart.
    expect(output).toContain('baseline reported SUCCESS; candidate reported SUCCESS')
    expect(output).toContain(
      'candidate: bookings.BK-1042.refunded is 240, expected 180; changed by cancel_booking #2.',
    )
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
    const page = readFileSync(join(project.dir, 'reports/agenttwin.html'), 'utf8')
    expect(page).toContain('NEW_CRITICAL_FAILURE')
    expect(page).toContain('refund-follows-the-policy')
  })

  test('a deleted cassette is an ERROR that names the case and the file, not a pass', () => {
    const file = join(project.dir, CASSETTE)
    const kept = readFileSync(file, 'utf8')
    rmSync(file)
    try {
      const result = project.run('npx', ['vitest', 'run'])
      const output = result.stdout + result.stderr
      expect(output).toContain(
        `Model request 1 of case "cancel-booking" (POST http://127.0.0.1:4030/v1/chat/completions) is not in the cassette ${file} (it does not exist).`,
      )
      expect(output).toContain('Re-record: AGENTTWIN_MODELS=record npx vitest run')
      // The case fails at its scenario file, as incomplete: never compared, never a pass.
      expect(output).toContain(
        'FAIL  scenarios/cancel-booking.scenario.yaml:5:5 > cancel-booking: Cancel a booking in one message, refunded as the policy says > v2 vs v1 · INCOMPLETE',
      )
      expect(output).toMatch(/Test Files\s+1 failed \| 1 passed \(2\)/)
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
