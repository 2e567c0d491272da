import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { evaluateCase } from '../../../src/case/evaluate-case.ts'
import { runCase } from '../../../src/case/run-case.ts'
import { initCommand } from '../../../src/cli/commands/init.ts'
import { createRunCommand } from '../../../src/cli/commands/run.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import type { Agent } from '../../../src/scenario/types.ts'
import { loadScenario, validateDocumentFile } from '../../../src/schema/index.ts'
import { capture, workspace } from './support/capture.ts'

const FILES = ['twins/example.twin.yaml', 'scenarios/example.scenario.yaml', 'agents.ts']

describe('agenttwin init', { timeout: 60_000 }, () => {
  it('writes the starter files and prints the vitest.config.ts with agentTwin(...)', async () => {
    const dir = workspace()
    const { code, stdout, stderr } = await capture(initCommand, ['starter'], dir)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(FILES.filter((file) => !existsSync(join(dir, 'starter', file)))).toEqual([])
    expect(stdout).toMatchInlineSnapshot(`
      "created starter/twins/example.twin.yaml
      created starter/scenarios/example.scenario.yaml
      created starter/agents.ts

      Next:
        cd starter
        npx agenttwin validate twins/example.twin.yaml scenarios/example.scenario.yaml
        npx agenttwin run scenarios/example.scenario.yaml --agent agents.ts

      To run the scenario as a Vitest test, put this in vitest.config.ts (in starter):

      import { defineConfig } from 'vitest/config'
      import { agentTwin } from 'agenttwin/vitest'
      import { AgentTwinReporter } from 'agenttwin/reporter'

      export default defineConfig({
        plugins: [
          agentTwin({
            scenarios: 'scenarios/*.scenario.yaml',
            agents: './agents.ts',
          }),
        ],
        test: {
          reporters: ['default', new AgentTwinReporter()],
        },
      })
      "
    `)
  })

  it('generates documents the loader accepts', async () => {
    const dir = workspace()
    await capture(initCommand, [], dir)
    for (const file of FILES.slice(0, 2)) {
      const { kind, problems } = await validateDocumentFile(join(dir, file))
      expect(problems, file).toEqual([])
      expect(kind).toBe(file.startsWith('twins/') ? 'twin' : 'scenario')
    }
  })

  it('generates a scenario the generated agent passes, fault included, through runCase', async () => {
    const dir = workspace()
    await capture(initCommand, [], dir)
    const loaded = await loadScenario(join(dir, 'scenarios/example.scenario.yaml'))
    const pinned = pinCase(loaded)
    const module = (await import(pathToFileURL(join(dir, 'agents.ts')).href)) as {
      agents: Record<string, Agent>
    }
    const run = await runCase(pinned, module.agents.v1 as Agent)
    const results = await evaluateCase(pinned.document.expectations, run)

    expect(run.finished).toBe(true)
    expect(results.map((result) => [result.id, result.label])).toEqual(
      pinned.document.expectations.map((expectation) => [expectation.id, 'PASS']),
    )
    // The fault did fire: the first close committed and the agent saw a 504.
    expect(run.records.map((record) => [record.tool, record.status, record.fault?.type])).toEqual([
      ['get_ticket', 200, undefined],
      ['close_ticket', 504, 'timeout_after_mutation'],
      ['get_ticket', 200, undefined],
    ])
    expect(run.finalState.tickets).toMatchObject({ 'T-100': { status: 'closed', close_count: 1 } })
  })

  it('runs the generated scenario with `agenttwin run --agent agents.ts`', async () => {
    const dir = workspace()
    await capture(initCommand, [], dir)
    const { code, stdout } = await capture(
      createRunCommand({ env: {}, color: false }),
      ['scenarios/example.scenario.yaml', '--agent', 'agents.ts'],
      dir,
    )
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('5 of 5 expectations passed.')
    expect(code).toBe(0)
  })

  it('refuses to overwrite: lists the files that exist and writes none of the others', async () => {
    const dir = workspace()
    await capture(initCommand, [], dir)
    writeFileSync(join(dir, 'agents.ts'), '// mine\n')
    const again = await capture(initCommand, ['.'], dir)
    expect(again.code).toBe(1)
    expect(again.stdout).toBe('')
    expect(again.stderr).toMatchInlineSnapshot(`
      "agenttwin init: not overwriting what is there; nothing was written:
        twins/example.twin.yaml
        scenarios/example.scenario.yaml
        agents.ts
      Fix: move them away, or init into another directory (agenttwin init <dir>).
      "
    `)
    expect(readFileSync(join(dir, 'agents.ts'), 'utf8')).toBe('// mine\n')

    const partial = workspace()
    writeFileSync(join(partial, 'agents.ts'), '// mine\n')
    const refused = await capture(initCommand, [], partial)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/nothing was written:\n {2}agents\.ts\n/)
    expect(existsSync(join(partial, 'twins'))).toBe(false)
    expect(existsSync(join(partial, 'scenarios'))).toBe(false)
  })

  it('rejects more than one directory and unknown options', async () => {
    const twoDirs = await capture(initCommand, ['a', 'b'], workspace())
    expect(twoDirs.code).toBe(2)
    expect(twoDirs.stderr).toMatchInlineSnapshot(`
      "agenttwin init: expected at most one directory, got a b [AGENTTWIN_CLI_USAGE]

      Usage: agenttwin init [--template <name>] [dir]
             agenttwin init --example <name> [dir]

      Scaffolds a starter in <dir> (default: the current directory). The fetch and
      conversation starters write a twin (twins/example.twin.yaml, a tiny helpdesk
      with two tools), a scenario under scenarios/ and agents.ts, an agent that
      passes it, then print the vitest.config.ts that runs the scenario as a test.
      The ai-sdk starter writes an AI SDK agent with its own tools, a bookings twin,
      two scenarios, agents.ts with a v1/v2 pair, its vitest.config.ts and the
      cassettes its model traffic replays from, then prints the npm command that
      installs the AI SDK. The starters (--template):
        fetch                            a fetch agent that closes a ticket while the helpdesk times out (default)
        conversation                     a three-turn conversation: ask which ticket, confirm, then close it
        ai-sdk                           an AI SDK bookings agent, a v1/v2 pair blocked by state, replayed from cassettes

      With --example, copies a worked example instead, with its vitest.config.ts:
        demo-co                          Demo Co: a support refund agent in three versions, nine scenarios, three pairs
      Never overwrites anything: when one of the files exists, nothing is written.

      Examples:
        agenttwin init
        agenttwin init --template conversation support-tests
        agenttwin init --template ai-sdk agent-tests
        agenttwin init --example demo-co demo-co

      Exit status: 0 written; 1 a file exists already (they are listed); 2 usage error.
      "
    `)
    const unknown = await capture(initCommand, ['--force'], workspace())
    expect(unknown.code).toBe(2)
    const [refusal, ...usage] = unknown.stderr.split('\n')
    expect(refusal).toMatchInlineSnapshot(
      `"agenttwin init: unknown option --force. Fix: its options are --example, --template and --help. [AGENTTWIN_CLI_USAGE]"`,
    )
    // The same usage follows as after the first refusal.
    expect(usage).toEqual(twoDirs.stderr.split('\n').slice(1))
  })
})
