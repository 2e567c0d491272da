import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { evaluateCase } from '../../../src/case/evaluate-case.ts'
import { initCommand } from '../../../src/cli/commands/init.ts'
import { createRunCommand } from '../../../src/cli/commands/run.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import { runCase } from '../../../src/scenario/run-case.ts'
import type { Agent } from '../../../src/scenario/types.ts'
import { loadScenario, validateDocumentFile } from '../../../src/schema/index.ts'
import { capture, tempDir } from './support/capture.ts'

const FILES = ['twins/example.twin.yaml', 'scenarios/example.scenario.yaml', 'agents.ts']
const cleanups: Array<() => void> = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function workspace() {
  const temp = tempDir()
  cleanups.push(temp.remove)
  return temp.dir
}

describe('agenttwin init', { timeout: 60_000 }, () => {
  it('writes the starter files and prints the vitest.config.ts with agentTwin(...)', async () => {
    const dir = workspace()
    const { code, stdout, stderr } = await capture(initCommand, ['starter'], dir)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    for (const file of FILES) {
      expect(existsSync(join(dir, 'starter', file)), file).toBe(true)
      expect(stdout).toContain(`created ${join('starter', file)}\n`)
    }
    expect(stdout).toContain('put this in vitest.config.ts (in starter):')
    expect(stdout).toContain("import { agentTwin } from 'agenttwin/vitest'")
    expect(stdout).toContain(
      "      scenarios: 'scenarios/*.scenario.yaml',\n      agents: './agents.ts',",
    )
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
    expect(stdout).toContain('5 of 5 expectations passed.')
    expect(code).toBe(0)
  })

  it('refuses to overwrite: lists the files that exist and writes none of the others', async () => {
    const dir = workspace()
    await capture(initCommand, [], dir)
    writeFileSync(join(dir, 'agents.ts'), '// mine\n')
    const again = await capture(initCommand, ['.'], dir)
    expect(again.code).toBe(1)
    expect(again.stdout).toBe('')
    for (const file of FILES) expect(again.stderr).toContain(`  ${file}\n`)
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
    for (const args of [['a', 'b'], ['--force']]) {
      const { code, stderr } = await capture(initCommand, args, workspace())
      expect(code).toBe(2)
      expect(stderr).toContain('Usage: agenttwin init [dir]')
    }
  })
})
