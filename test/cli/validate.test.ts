import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { runCli } from '../../src/cli/main.ts'
import { captureIO } from './capture-io.ts'

const fixtures = fileURLToPath(new URL('../schema/fixtures/', import.meta.url))
const root = fileURLToPath(new URL('../../', import.meta.url))

async function validate(...files: string[]) {
  const io = captureIO(fixtures)
  const code = await runCli(['validate', ...files], io)
  return { code, lines: io.out().trimEnd().split('\n'), err: io.err() }
}

describe('agenttwin validate', () => {
  test('valid twins and scenarios: exit 0 and a summary', async () => {
    const result = await validate('valid/payments.twin.yaml', 'valid/refund-timeout.scenario.yaml')
    expect(result).toEqual({ code: 0, lines: ['2 files valid'], err: '' })
  })

  test('every problem as file:line:col relative to cwd, then the summary; exit 1', async () => {
    const result = await validate(
      'valid/payments.twin.yaml',
      'twin/duplicate-tool.twin.yaml',
      'scenario/fault-conditions.scenario.yaml',
    )
    expect(result.code).toBe(1)
    expect(result.lines.map((line) => line.split(' ')[0])).toEqual([
      'twin/duplicate-tool.twin.yaml:17:11',
      'twin/duplicate-tool.twin.yaml:25:5',
      'scenario/fault-conditions.scenario.yaml:10:26',
      'scenario/fault-conditions.scenario.yaml:14:19',
      'scenario/fault-conditions.scenario.yaml:15:12',
      '1',
    ])
    expect(result.lines[0]).toBe(
      'twin/duplicate-tool.twin.yaml:17:11 tool name `lookup_order` is used twice (first by tools[0]) at tools[1].name. Fix: give every tool its own name',
    )
    expect(result.lines.at(-1)).toBe('1 file valid, 2 files with 5 problems')
  })

  test("a scenario's invalid twin is reported at the twin's lines, once", async () => {
    const result = await validate('twin/bad-risk.twin.yaml', 'scenario/invalid-twin.scenario.yaml')
    expect(result.code).toBe(1)
    expect(result.lines.map((line) => line.split(' ')[0])).toEqual([
      'twin/bad-risk.twin.yaml:10:11',
      'scenario/invalid-twin.scenario.yaml:5:7',
      '0',
    ])
    expect(result.lines.at(-1)).toBe('0 files valid, 2 files with 2 problems')
  })

  test('a missing file is a problem of that file', async () => {
    const result = await validate('valid/payments.twin.yaml', 'no-such.yaml')
    expect(result.code).toBe(1)
    expect(result.lines).toEqual([
      'no-such.yaml:1:1 the file does not exist. Fix: check the path and the working directory',
      '1 file valid, 1 file with 1 problem',
    ])
  })

  test('a file of no known kind names the supported apiVersions', async () => {
    const result = await validate('twin/unknown-api-version.twin.yaml')
    expect(result.code).toBe(1)
    expect(result.lines[0]).toMatch(
      /^twin\/unknown-api-version\.twin\.yaml:1:13 unknown apiVersion "agenttwin\/twin\.v2"; supported versions are /,
    )
  })

  test('no files, or an unknown option, is a usage error (exit 2)', async () => {
    const none = await validate()
    expect(none.code).toBe(2)
    expect(none.err).toMatchInlineSnapshot(`
      "agenttwin validate: no files given [AGENTTWIN_CLI_USAGE]

      Usage: agenttwin validate <files...>

      Checks AgentTwin documents and prints every problem as file:line:col.
      The kind of each file comes from its apiVersion (agenttwin/twin.v1, agenttwin/scenario.v1, agenttwin/contract.v1, agenttwin/attack.v1).
      A scenario is checked together with the twin it uses.

      Exit status: 0 when every file is valid, 1 when any problem was found,
      2 on a usage error (no files, unknown option).

      Example (in a project set up by \`agenttwin init\`):
        agenttwin validate twins/*.yaml scenarios/*.yaml
      "
    `)
    const option = await validate('--strict', 'valid/payments.twin.yaml')
    expect(option.code).toBe(2)
    expect(option.err).toMatchInlineSnapshot(`
      "agenttwin validate: unknown option --strict. Fix: this command takes no option but --help. [AGENTTWIN_CLI_USAGE]

      Usage: agenttwin validate <files...>

      Checks AgentTwin documents and prints every problem as file:line:col.
      The kind of each file comes from its apiVersion (agenttwin/twin.v1, agenttwin/scenario.v1, agenttwin/contract.v1, agenttwin/attack.v1).
      A scenario is checked together with the twin it uses.

      Exit status: 0 when every file is valid, 1 when any problem was found,
      2 on a usage error (no files, unknown option).

      Example (in a project set up by \`agenttwin init\`):
        agenttwin validate twins/*.yaml scenarios/*.yaml
      "
    `)
  })

  test('runs for real through bin/agenttwin.js', async () => {
    const run = promisify(execFile)
    const bin = `${root}bin/agenttwin.js`
    const ok = await run(process.execPath, [bin, 'validate', 'valid/payments.twin.yaml'], {
      cwd: fixtures,
    })
    expect(ok.stdout).toBe('1 file valid\n')
    const failed = await run(process.execPath, [bin, 'validate', 'twin/bad-risk.twin.yaml'], {
      cwd: fixtures,
    }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stdout.split('\n')[0]).toMatch(
      /^twin\/bad-risk\.twin\.yaml:10:11 `risk` is "read"/,
    )
  }, 30_000)
})
