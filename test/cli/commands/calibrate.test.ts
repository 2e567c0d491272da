import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import type { CliIO } from '../../../src/cli/command.ts'
import { calibrateCommand, createCalibrateCommand } from '../../../src/cli/commands/calibrate.ts'
import { createFakeJudge, loadCalibration } from '../../../src/judge/index.ts'
import { orderLabels, REFUND_CRITERION, refundLabels } from '../../judge/labels.ts'
import { anthropicMessage } from '../../judge/support.ts'
import { normaliseText } from '../../support/normalise-text.ts'

const server = setupServer()
let dir: string
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  dir = await mkdtemp(join(tmpdir(), 'agenttwin-calibrate-cli-'))
  await writeFile(join(dir, 'labels.yaml'), stringify([refundLabels, orderLabels]))
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await rm(dir, { recursive: true, force: true })
})

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = ''
  let stderr = ''
  const io: CliIO = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: dir,
  }
  const code = await createCalibrateCommand(env).run(args, io)
  return { code, stdout, stderr }
}

describe('agenttwin calibrate', () => {
  it('prints n, agreement, kappa and the verdict per criterion; exit 1 while any is uncalibrated', async () => {
    const { code, stdout, stderr } = await run(['labels.yaml', '--judge', 'fake'])
    expect(stderr).toBe('')
    expect(stdout).toBe(
      [
        'Judge fake/keyword-overlap (deterministic fake, not a language model), prompt keyword-overlap.v1, threshold 0.7',
        '',
        `"${REFUND_CRITERION}"`,
        '  calibrated (n=24, agreement=91.7%, kappa=0.83)',
        '"The reply mentions the order number"',
        '  uncalibrated (n=6, agreement=100%, kappa=1): 6 of 20 labelled examples',
        '',
        '1 of 2 criteria calibrated.',
        '',
      ].join('\n'),
    )
    expect(code).toBe(1)
  })

  it('exits 0 when every criterion is calibrated, and --out writes a report loadCalibration reads', async () => {
    await writeFile(join(dir, 'refund.json'), JSON.stringify([refundLabels]))
    const { code, stdout } = await run(['refund.json', '--out=out/calibration.json'])
    expect(code).toBe(0)
    expect(normaliseText(stdout, { dir })).toMatchInlineSnapshot(`
      "Judge fake/keyword-overlap (deterministic fake, not a language model), prompt keyword-overlap.v1, threshold 0.7

      "The reply says the refund is not recorded and a specialist will finish it"
        calibrated (n=24, agreement=91.7%, kappa=0.83)

      1 of 1 criteria calibrated.
      Wrote out/calibration.json
      "
    `)
    const store = await loadCalibration(join(dir, 'out', 'calibration.json'))
    expect(store.statusFor(createFakeJudge(), REFUND_CRITERION, 0.7)).toMatchObject({
      calibrated: true,
      n: 24,
    })
  })

  it('applies --threshold to the judge labels', async () => {
    const { stdout } = await run(['labels.yaml', '--threshold', '0'])
    // At 0 the fake passes every reply: half agree with the humans, and kappa is 0 (chance).
    expect(normaliseText(stdout, { dir })).toMatchInlineSnapshot(`
      "Judge fake/keyword-overlap (deterministic fake, not a language model), prompt keyword-overlap.v1, threshold 0

      "The reply says the refund is not recorded and a specialist will finish it"
        uncalibrated (n=24, agreement=50%, kappa=0): agreement 50% below 80%; kappa 0 below 0.6
      "The reply mentions the order number"
        uncalibrated (n=6, agreement=50%, kappa=0): 6 of 20 labelled examples; agreement 50% below 80%; kappa 0 below 0.6

      0 of 2 criteria calibrated.
      "
    `)
  })

  it('calibrates a real provider and reports examples it could not judge', async () => {
    let calls = 0
    server.use(
      http.post('https://api.anthropic.com/v1/messages', async ({ request }) => {
        calls++
        if (calls === 2) {
          return HttpResponse.json(
            { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
            { status: 429 },
          )
        }
        const body = (await request.json()) as { messages: Array<{ content: string }> }
        const pass = body.messages[0]?.content.includes('ORD-')
        return HttpResponse.json(
          anthropicMessage(
            JSON.stringify({ label: pass ? 'pass' : 'fail', score: pass ? 0.9 : 0.1, reason: 'r' }),
          ),
        )
      }),
    )
    await writeFile(join(dir, 'order.yaml'), stringify(orderLabels))
    const { code, stdout } = await run(['order.yaml', '--judge', 'anthropic'], {
      ANTHROPIC_API_KEY: 'k',
      AGENTTWIN_JUDGE_CACHE: 'off',
    })
    expect(code).toBe(1)
    expect(normaliseText(stdout, { dir })).toMatchInlineSnapshot(`
      "Judge anthropic/claude-sonnet-4-5 (language model), prompt judge-prompt.v1, threshold 0.7

      "The reply mentions the order number"
        uncalibrated (n=5, agreement=100%, kappa=1): 5 of 20 labelled examples
        1 example(s) got no verdict and are not counted, e.g. judge anthropic/claude-sonnet-4-5 is throttled (HTTP 429): slow down

      0 of 1 criteria calibrated.
      "
    `)
  })

  it('exits 2 with file:line:col for a bad labels file', async () => {
    await writeFile(
      join(dir, 'bad.yaml'),
      '- criterion: c\n  examples:\n    - reply: r\n      label: maybe\n',
    )
    const { code, stderr, stdout } = await run(['bad.yaml'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(normaliseText(stderr, { dir })).toMatchInlineSnapshot(`
      "agenttwin calibrate: 1 problem [AGENTTWIN_INVALID_DOCUMENT]:
      bad.yaml:4:14 label "maybe" is not pass or fail at [0].examples[0].label. Fix: use label: pass or label: fail
      "
    `)
  })

  it('exits 2 for a real judge without its key', async () => {
    const { code, stderr } = await run(['labels.yaml', '--judge', 'anthropic'])
    expect(code).toBe(2)
    expect(normaliseText(stderr, { dir })).toMatchInlineSnapshot(`
      "agenttwin calibrate: the anthropic judge needs an API key in ANTHROPIC_API_KEY, which is not set. Fix: export ANTHROPIC_API_KEY=..., or unset AGENTTWIN_JUDGE to use the offline fake judge. [AGENTTWIN_JUDGE_CONFIG]
      "
    `)
  })

  it.each([
    [[], 'missing <labels-file>'],
    [['labels.yaml', '--judge', 'gpt'], '--judge gpt is not one of fake, anthropic, openai'],
    [['labels.yaml', '--threshold', '2'], '--threshold 2 is not a number from 0 to 1'],
    [['labels.yaml', '--verbose', 'x'], 'unknown option --verbose'],
    [['labels.yaml', '--out'], '--out needs a value'],
  ])('exits 2 with usage for %j', async (args, message) => {
    const { code, stderr } = await run(args)
    expect(code).toBe(2)
    expect(stderr).toMatch(new RegExp(`^agenttwin calibrate: ${message.replace(/[<>-]/g, '\\$&')}`))
    expect(stderr).toMatch(/ \[AGENTTWIN_CLI_USAGE\]\n\nUsage: agenttwin calibrate/)
  })

  it('is a CLI command with a name, summary and usage', () => {
    expect(calibrateCommand.name).toBe('calibrate')
    expect(calibrateCommand.usage).toMatch(/^Usage: agenttwin calibrate <labels-file>/)
  })
})
