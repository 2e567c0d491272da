import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { commands } from '../../src/cli/commands/index.ts'
import { runCli } from '../../src/cli/main.ts'
import { captureIO } from './capture-io.ts'

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

/** The verbs and summaries `--help` lists under `Commands:`, read back from its lines. */
function listedVerbs(help: string): { name: string; summary: string }[] {
  const section = help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? ''
  return [...section.matchAll(/^ {2}(\S+) {2,}(.+)$/gm)].map(([, name, summary]) => ({
    name: name!,
    summary: summary!,
  }))
}

describe('runCli', () => {
  test('--help lists every verb with its summary', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['--help'], io)).toBe(0)
    expect(io.out()).toMatchInlineSnapshot(`
      "Usage: agenttwin <command> [options]

      Test AI agents by what verifiably happened in the systems they touched.

      Commands:
        validate   check twin, scenario and contract documents; print every problem as file:line:col
        check      check recorded outcomes (JSON Lines) fail-closed: execution, state, claim, evidence
        run        Run one scenario against one agent version and print each expectation
        diff       Compare two agent versions on one pinned selection; the gate sets the exit status
        serve      Serve a twin (or a scenario's twin, state and faults) over real HTTP
        init       Scaffold a starter twin, scenario and agent, and print the Vitest config
        faults     List the fault types (what the dependency did, what the caller sees)
        calibrate  Measure a judge against human-labelled replies (n, agreement, kappa)
        report     Render a saved JSON report as a self-contained HTML page
        mcp        Serve a twin (or a scenario's twin, state and faults) as an MCP server over stdio
        claims     Compare an agent's OpenTelemetry trace with a twin's records
        mine       Turn a recorded case or an OTLP trace into a scenario that reproduces it

      Options:
        --help     show this help (\`agenttwin <command> --help\` for one command)
        --version  show the version
      "
    `)
    expect(listedVerbs(io.out())).toEqual(commands.map(({ name, summary }) => ({ name, summary })))
    expect(io.err()).toBe('')
  })

  test('each listed verb loads the command of that name and summary', async () => {
    const loaded = await Promise.all(commands.map((entry) => entry.load()))
    const io = captureIO(process.cwd())
    await runCli(['--help'], io)
    // Compared as whole lists, so an empty list of commands cannot pass.
    expect(loaded.map(({ name, summary }) => ({ name, summary }))).toEqual(listedVerbs(io.out()))
  })

  test('--version prints the package version', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['--version'], io)).toBe(0)
    expect(io.out()).toBe(`${packageVersion}\n`)
  })

  test('an unknown verb lists the verbs and exits 2', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['valdate', 'x.yaml'], io)).toBe(2)
    expect(io.err()).toMatchInlineSnapshot(`
      "agenttwin: unknown command \`valdate\` (did you mean \`validate\`?)

      Usage: agenttwin <command> [options]

      Test AI agents by what verifiably happened in the systems they touched.

      Commands:
        validate   check twin, scenario and contract documents; print every problem as file:line:col
        check      check recorded outcomes (JSON Lines) fail-closed: execution, state, claim, evidence
        run        Run one scenario against one agent version and print each expectation
        diff       Compare two agent versions on one pinned selection; the gate sets the exit status
        serve      Serve a twin (or a scenario's twin, state and faults) over real HTTP
        init       Scaffold a starter twin, scenario and agent, and print the Vitest config
        faults     List the fault types (what the dependency did, what the caller sees)
        calibrate  Measure a judge against human-labelled replies (n, agreement, kappa)
        report     Render a saved JSON report as a self-contained HTML page
        mcp        Serve a twin (or a scenario's twin, state and faults) as an MCP server over stdio
        claims     Compare an agent's OpenTelemetry trace with a twin's records
        mine       Turn a recorded case or an OTLP trace into a scenario that reproduces it

      Options:
        --help     show this help (\`agenttwin <command> --help\` for one command)
        --version  show the version
      "
    `)
    expect(io.out()).toBe('')
  })

  test('no verb at all is a usage error', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli([], io)).toBe(2)
    expect(io.err()).toMatchInlineSnapshot(`
      "Usage: agenttwin <command> [options]

      Test AI agents by what verifiably happened in the systems they touched.

      Commands:
        validate   check twin, scenario and contract documents; print every problem as file:line:col
        check      check recorded outcomes (JSON Lines) fail-closed: execution, state, claim, evidence
        run        Run one scenario against one agent version and print each expectation
        diff       Compare two agent versions on one pinned selection; the gate sets the exit status
        serve      Serve a twin (or a scenario's twin, state and faults) over real HTTP
        init       Scaffold a starter twin, scenario and agent, and print the Vitest config
        faults     List the fault types (what the dependency did, what the caller sees)
        calibrate  Measure a judge against human-labelled replies (n, agreement, kappa)
        report     Render a saved JSON report as a self-contained HTML page
        mcp        Serve a twin (or a scenario's twin, state and faults) as an MCP server over stdio
        claims     Compare an agent's OpenTelemetry trace with a twin's records
        mine       Turn a recorded case or an OTLP trace into a scenario that reproduces it

      Options:
        --help     show this help (\`agenttwin <command> --help\` for one command)
        --version  show the version
      "
    `)
  })

  test('dispatches to the verb with the remaining arguments', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['validate', '--help'], io)).toBe(0)
    expect(io.out()).toMatchInlineSnapshot(`
      "Usage: agenttwin validate <files...>

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
})
