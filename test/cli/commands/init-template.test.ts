import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runAndEvaluateCase } from '../../../src/case/run-and-evaluate.ts'
import { initCommand } from '../../../src/cli/commands/init.ts'
import { createRunCommand } from '../../../src/cli/commands/run.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import type { Agent } from '../../../src/scenario/types.ts'
import { loadScenario, validateDocumentFile } from '../../../src/schema/index.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { capture, workspace } from './support/capture.ts'

const SCENARIO = 'scenarios/example-conversation.scenario.yaml'

async function conversationStarter() {
  const dir = workspace()
  const written = await capture(initCommand, ['--template', 'conversation'], dir)
  expect(written.stderr).toBe('')
  expect(written.code).toBe(0)
  const pinned = pinCase(await loadScenario(join(dir, SCENARIO)))
  const { agents } = (await import(pathToFileURL(join(dir, 'agents.ts')).href)) as {
    agents: Record<string, Agent>
  }
  return { dir, pinned, agent: agents.v1 as Agent }
}

describe('agenttwin init --template conversation', { timeout: 60_000 }, () => {
  it('writes a twin, a three-turn scenario and a conversational agent the loader accepts', async () => {
    const { dir } = await conversationStarter()
    for (const file of ['twins/example.twin.yaml', SCENARIO]) {
      expect((await validateDocumentFile(join(dir, file))).problems, file).toEqual([])
    }
    expect(existsSync(join(dir, 'scenarios/example.scenario.yaml'))).toBe(false)
  })

  it('its agent asks, confirms, then closes: every checkpoint and expectation passes', async () => {
    const { pinned, agent } = await conversationStarter()
    const { run, results } = await runAndEvaluateCase(pinned, agent)
    expect(run.finished).toBe(true)
    expect(results.map((result) => [result.id, result.label])).toEqual([
      ['asks-before-acting', 'PASS'],
      ['closes-only-after-a-yes', 'PASS'],
      ['every-reply-backed-by-state', 'PASS'],
      ['closed-once', 'PASS'],
      ['still-open-after-turn-1', 'PASS'],
      ['still-open-after-turn-2', 'PASS'],
      ['closed-after-turn-3', 'PASS'],
    ])
    expect(run.records.map((record) => [record.turn, record.tool, record.status])).toEqual([
      [2, 'get_ticket', 200],
      [3, 'close_ticket', 200],
    ])
  })

  it('fails an agent that closes before the customer said yes, at the turn it did', async () => {
    const { pinned } = await conversationStarter()
    const eager: Agent = {
      name: 'eager',
      version: '1.0.0',
      async run(_input, { baseUrl, conversation }) {
        if (conversation?.turn !== 2) return { reply: 'Which ticket is it?' }
        await fetch(`${baseUrl}/tools/close_ticket`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ticket_id: 'T-100', resolution: 'Closed.' }),
        })
        return { reply: 'Ticket T-100 is closed.', outcome: 'SUCCESS' }
      },
    }
    const { results } = await runAndEvaluateCase(pinned, eager)
    const failed = results.filter((result) => result.label !== 'PASS').map((result) => result.id)
    expect(failed).toEqual(['closes-only-after-a-yes', 'still-open-after-turn-2'])
  })

  it('runs with `agenttwin run --agent agents.ts`, as the printed next steps say', async () => {
    const { dir } = await conversationStarter()
    const { code, stdout } = await capture(
      createRunCommand({ env: {}, color: false }),
      [SCENARIO, '--agent', 'agents.ts'],
      dir,
    )
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('7 of 7 expectations passed.')
    expect(code).toBe(0)
  })
})

describe('agenttwin init --template: mistakes', () => {
  it.each([['chatbot'], ['toString'], ['__proto__']])(
    'refuses --template %s and names the starters, writing nothing',
    async (name) => {
      const dir = workspace()
      const { code, stdout, stderr } = await capture(initCommand, ['--template', name], dir)
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr.split('\n')[0]).toBe(
        `agenttwin init: --template ${name} is not a starter; the starters are fetch, conversation, ai-sdk [AGENTTWIN_CLI_USAGE]`,
      )
      expect(existsSync(join(dir, 'agents.ts'))).toBe(false)
    },
  )

  it('refuses --example with --template', async () => {
    const dir = workspace()
    const { code, stderr } = await capture(
      initCommand,
      ['--example', 'demo-co', '--template', 'conversation'],
      dir,
    )
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toBe(
      'agenttwin init: --example and --template cannot be used together [AGENTTWIN_CLI_USAGE]',
    )
  })

  it('refuses to overwrite the agent of another starter', async () => {
    const dir = workspace()
    await capture(initCommand, [], dir)
    writeFileSync(join(dir, 'agents.ts'), '// mine\n')
    const again = await capture(initCommand, ['--template', 'conversation'], dir)
    expect(again.code).toBe(1)
    expect(normaliseText(again.stderr, { dir })).toMatchInlineSnapshot(`
      "agenttwin init: not overwriting what is there; nothing was written:
        twins/example.twin.yaml
        agents.ts
      Fix: move them away, or init into another directory (agenttwin init <dir>).
      "
    `)
    expect(readFileSync(join(dir, 'agents.ts'), 'utf8')).toBe('// mine\n')
    expect(existsSync(join(dir, SCENARIO))).toBe(false)
  })
})

describe('agenttwin init into a folder of a project', () => {
  it('points each document at the schemas where the package is installed, for every template', async () => {
    for (const template of ['fetch', 'conversation', 'ai-sdk']) {
      const project = workspace()
      writeFileSync(join(project, 'package.json'), '{ "name": "shop", "private": true }\n')
      const written = await capture(initCommand, ['--template', template, 'agent-tests'], project)
      expect(written.code, written.stderr).toBe(0)
      const yamlFiles = ['twins', 'scenarios'].flatMap((folder) =>
        readdirSync(join(project, 'agent-tests', folder)).map((name) => join(folder, name)),
      )
      expect(yamlFiles.length).toBeGreaterThan(1)
      for (const file of yamlFiles) {
        const first = readFileSync(join(project, 'agent-tests', file), 'utf8').split('\n')[0]
        // agent-tests/scenarios/x.yaml → ../../node_modules: the project's, not agent-tests'.
        expect(first, `${template}: ${file}`).toMatch(
          /^# yaml-language-server: \$schema=\.\.\/\.\.\/node_modules\/agenttwin\/schemas\/(twin|scenario)\.v1\.json$/,
        )
      }
    }
  })
})
