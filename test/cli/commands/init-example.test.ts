import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { initCommand } from '../../../src/cli/commands/init.ts'
import { linesWith, normaliseText } from '../../support/normalise-text.ts'
import { capture, workspace } from './support/capture.ts'

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) =>
    /\.\w+$/.test(path),
  )
}

describe('agenttwin init --example', () => {
  it('copies Demo Co with a vitest.config.ts, its type imports pointed at the package', async () => {
    const dir = workspace()
    const { code, stdout, stderr } = await capture(
      initCommand,
      ['--example', 'demo-co', 'demo'],
      dir,
    )
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const copied = files(join(dir, 'demo'))
    expect(copied).toContain('vitest.config.ts')
    expect(copied).toContain('twins/demo-co.twin.yaml')
    expect(copied).toContain('agent/index.ts')
    expect(copied.filter((path) => path.startsWith('scenarios/')).length).toBe(9)
    // The repository's own check script imports the sources; a user's copy has no use for it.
    expect(copied).not.toContain('check.ts')
    const reachingSources = copied.filter((path) =>
      /from '(?:\.\.\/)+src\//.test(readFileSync(join(dir, 'demo', path), 'utf8')),
    )
    expect(reachingSources).toEqual([])
    expect(
      linesWith(readFileSync(join(dir, 'demo/agent/index.ts'), 'utf8'), 'import '),
    ).toMatchInlineSnapshot(`
      [
        "import { readdirSync, readFileSync } from 'node:fs'",
        "import { fileURLToPath } from 'node:url'",
        "import type { Agent } from 'agenttwin'",
        "import { toAgentResult } from './adapter.ts'",
        "import { handleConversationTurn } from './conversation.ts'",
        "import { type Manifest, parseManifest } from './manifest.ts'",
        "import { type AgentPlan, planFromManifest } from './plan.ts'",
        "import { handleSupportRequest } from './service.ts'",
      ]
    `)
    expect(normaliseText(stdout, { dir })).toMatchInlineSnapshot(`
      "copied the demo-co example (42 files) into demo

      Next:
        cd demo
        npm i -D @modelcontextprotocol/sdk
        npx vitest run
      "
    `)
  })

  it('writes nothing when a file is there, and names it', async () => {
    const dir = workspace()
    await capture(initCommand, ['--example', 'demo-co', 'demo'], dir)
    const again = await capture(initCommand, ['--example', 'demo-co', 'demo'], dir)
    expect(again.code).toBe(1)
    expect(normaliseText(again.stderr, { dir }).split('\n').slice(0, 3)).toMatchInlineSnapshot(`
      [
        "agenttwin init: not overwriting what is there; nothing was written:",
        "  demo/README.md",
        "  demo/agent/adapter.ts",
      ]
    `)
  })

  it('names the examples there are when asked for one that is not', async () => {
    const dir = workspace()
    const { code, stderr } = await capture(initCommand, ['--example', 'demo-c0'], dir)
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toMatchInlineSnapshot(
      `"agenttwin init: --example demo-c0 is not an example; the examples are demo-co [AGENTTWIN_CLI_USAGE]"`,
    )
    expect(existsSync(join(dir, 'vitest.config.ts'))).toBe(false)
  })
})
