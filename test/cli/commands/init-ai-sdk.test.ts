import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { initCommand } from '../../../src/cli/commands/init.ts'
import { AI_SDK_PEERS, AI_SDK_STARTER_DIR } from '../../../src/cli/commands/init-ai-sdk.ts'
import { asInstalled } from '../../../src/cli/commands/init-example.ts'
import { cassettePath, readCassette } from '../../../src/models/cassette.ts'
import { loadScenario, validateDocumentFile } from '../../../src/schema/index.ts'
import { capture, ROOT, workspace } from './support/capture.ts'

// The starter as shipped is the repository's `starter-ai-sdk` Vitest project,
// which replays its cassettes in `npm test`; the installed-package end-to-end
// test runs the written copy. These tests hold the copy to the shipped files.
const shipped = join(ROOT, AI_SDK_STARTER_DIR)

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8', withFileTypes: false })
    .filter((path) => /\.\w+$/.test(path))
    .map((path) => path.split('\\').join('/'))
    .sort()
}

async function written(target = 'agent-tests') {
  const dir = workspace()
  const result = await capture(initCommand, ['--template', 'ai-sdk', target], dir)
  return { dir, project: join(dir, target), ...result }
}

/** The module specifiers a TypeScript file imports. */
function importsOf(text: string): string[] {
  return [...text.matchAll(/^import [^'\n]*'([^']+)'/gm)].map((found) => found[1]!)
}

describe('agenttwin init --template ai-sdk', { timeout: 60_000 }, () => {
  it('writes every shipped file of the starter, and names each', async () => {
    const { project, code, stdout, stderr } = await written()
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const files = filesUnder(project)
    expect(files).toEqual(filesUnder(shipped))
    expect(files).toEqual([
      'agents.ts',
      'booking-agent.ts',
      'bookings-api.ts',
      'cassettes/cancel-booking-conversation/booking-assistant@v1.cassette.json',
      'cassettes/cancel-booking-conversation/booking-assistant@v2.cassette.json',
      'cassettes/cancel-booking/booking-assistant@v1.cassette.json',
      'cassettes/cancel-booking/booking-assistant@v2.cassette.json',
      'scenarios/cancel-booking-conversation.scenario.yaml',
      'scenarios/cancel-booking.scenario.yaml',
      'scripted-model.mjs',
      'twins/bookings.twin.yaml',
      'vitest.config.ts',
    ])
    const created = stdout.split('\n').filter((line) => line.startsWith('created '))
    expect(created.sort()).toEqual(files.map((file) => `created agent-tests/${file}`).sort())
  })

  it("imports the package by its entries, never the repository's sources", async () => {
    const { project } = await written()
    const imported = new Set(
      filesUnder(project)
        .filter((file) => file.endsWith('.ts') || file.endsWith('.mjs'))
        .flatMap((file) => importsOf(readFileSync(join(project, file), 'utf8'))),
    )
    expect([...imported].filter((name) => !name.startsWith('./')).sort()).toEqual([
      '@ai-sdk/openai',
      'agenttwin/adapters/ai-sdk',
      'agenttwin/vitest',
      'ai',
      'node:http',
      'vitest/config',
      'zod',
    ])
  })

  it('writes each file as shipped, only its imports of the sources written as the package', async () => {
    const { project } = await written()
    for (const file of filesUnder(shipped)) {
      const original = readFileSync(join(shipped, file), 'utf8')
      const copy = readFileSync(join(project, file), 'utf8')
      expect(copy, file).toBe(asInstalled(original))
      // A cassette is replayed byte for byte: nothing may touch it on the way.
      if (file.endsWith('.json')) expect(copy, file).toBe(original)
    }
  })

  it('writes a twin and scenarios the loader accepts, with a cassette per case and version', async () => {
    const { project } = await written()
    for (const file of filesUnder(project).filter((path) => path.endsWith('.yaml'))) {
      expect((await validateDocumentFile(join(project, file))).problems, file).toEqual([])
    }
    const agents = readFileSync(join(project, 'agents.ts'), 'utf8')
    const versions = [...agents.matchAll(/name: '([\w-]+)', version: '([\w.-]+)'/g)].map(
      (found) => ({ name: found[1]!, version: found[2]! }),
    )
    expect(versions.map((agent) => agent.version)).toEqual(['v1', 'v2'])
    const scenarios = filesUnder(project).filter((path) => path.endsWith('.scenario.yaml'))
    for (const scenario of scenarios) {
      const { document } = await loadScenario(join(project, scenario))
      for (const agent of versions) {
        const file = cassettePath(join(project, 'cassettes'), document.id, agent)
        const cassette = readCassette(file)
        expect(cassette, file).toBeDefined()
        expect(cassette?.interactions.length, file).toBeGreaterThan(0)
        // Recorded from the starter's own model server, with no credential in it.
        for (const interaction of cassette!.interactions) {
          expect(interaction.request.url).toBe('http://127.0.0.1:4030/v1/chat/completions')
        }
        expect(readFileSync(file, 'utf8')).not.toMatch(/authorization|sk-|api[-_]?key/i)
      }
    }
  })

  it('labels the scripted model server as not a language model', async () => {
    const { project } = await written()
    expect(readFileSync(join(project, 'scripted-model.mjs'), 'utf8')).toMatch(
      /^\/\/ NOT A LANGUAGE MODEL\./,
    )
  })

  it('prints the AI SDK install at the majors the repository pins, then the offline run', async () => {
    const { stdout } = await written()
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>
    }
    for (const peer of AI_SDK_PEERS) {
      const [, name, major] = /^(.+)@(\d+)$/.exec(peer)!
      expect(manifest.devDependencies[name!]?.split('.')[0], peer).toBe(major)
    }
    const next = stdout.slice(stdout.indexOf('Next:'))
    expect(next.split('\n').slice(0, 4)).toEqual([
      'Next:',
      '  cd agent-tests',
      '  npm i -D ai@6 @ai-sdk/openai@3 zod@4',
      '  CI=true npx vitest run',
    ])
    expect(next).toMatchInlineSnapshot(`
      "Next:
        cd agent-tests
        npm i -D ai@6 @ai-sdk/openai@3 zod@4
        CI=true npx vitest run

      The model's answers replay from cassettes/: no model server, no key. They were
      recorded from scripted-model.mjs, which is not a language model.
      v2 refunds more than the cancellation policy allows, with the same reply as v1:
      only the bookings twin's state shows it. vitest.config.ts declares the pair's
      gate (expectGate: 'BLOCK'), so the run passes while the gate blocks v2; the
      report names the refund and the state it left.

      To record the cassettes again after you change a prompt or a tool:
        node scripted-model.mjs &
        AGENTTWIN_MODELS=record npx vitest run
      "
    `)
  })

  it('runs as its --help example shows', async () => {
    const dir = workspace()
    const help = await capture(initCommand, ['--help'], dir)
    expect(help.stdout).toMatch(/^ {2}ai-sdk +an AI SDK bookings agent/m)
    const example = help.stdout
      .split('\n')
      .find((line) => line.trim().startsWith('agenttwin init --template ai-sdk'))
    expect(example).toBeDefined()
    const argv = example!.trim().split(/\s+/).slice(2)
    const { code } = await capture(initCommand, argv, dir)
    expect(code).toBe(0)
    expect(existsSync(join(dir, argv.at(-1)!, 'vitest.config.ts'))).toBe(true)
  })

  it("writes nothing over a project's own vitest.config.ts, and names it", async () => {
    const dir = workspace()
    writeFileSync(join(dir, 'vitest.config.ts'), '// mine\n')
    const { code, stdout, stderr } = await capture(initCommand, ['--template', 'ai-sdk'], dir)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      'agenttwin init: not overwriting what is there; nothing was written:\n  vitest.config.ts\nFix: move them away, or init into another directory (agenttwin init <dir>).\n',
    )
    expect(readFileSync(join(dir, 'vitest.config.ts'), 'utf8')).toBe('// mine\n')
    expect(readdirSync(dir)).toEqual(['vitest.config.ts'])
  })
})
