import { afterEach, describe, expect, it } from 'vitest'
import { loadAgentModule, namespaceOf, pickAgent } from '../../../src/cli/commands/agent-module.ts'
import { DEMO_AGENTS, ROOT, tempDir } from './support/capture.ts'

const cleanups: Array<() => void> = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const AGENT = `{ name: 'echo', version: '1.0.0', run: async () => ({ reply: 'ok', outcome: 'SUCCESS' }) }`

describe('loadAgentModule', () => {
  it('reads `agents`, a named export and versions by key or by the agent’s own version', async () => {
    const whole = await loadAgentModule(DEMO_AGENTS, ROOT)
    expect(pickAgent(whole, 'v1.3.1', '--version').version).toBe('1.3.1')
    expect(pickAgent(whole, '1.2.4', '--version').version).toBe('1.2.4')
    const named = await loadAgentModule(`${DEMO_AGENTS}#agents`, ROOT)
    expect([...new Set(named.agents.values())].map((agent) => agent.version)).toEqual([
      '1.2.4',
      '1.3.0',
      '1.3.1',
    ])
  })

  it('takes a single agent as default export without --version', async () => {
    const temp = tempDir({ 'one.mjs': `export default ${AGENT}\n` })
    cleanups.push(temp.remove)
    const loaded = await loadAgentModule('one.mjs', temp.dir)
    expect(pickAgent(loaded, undefined, '--version').name).toBe('echo')
  })

  it('reads a module compiled to CommonJS through its default export (exports.__esModule)', () => {
    const agents = { v1: { name: 'echo' } }
    expect(namespaceOf({ default: { __esModule: true, agents } })).toEqual({
      __esModule: true,
      agents,
    })
    // A default export that is itself the record of agents stays as it is.
    const plain = { default: { v1: agents.v1 } }
    expect(namespaceOf(plain)).toBe(plain)
    const both = { default: { __esModule: true }, agents }
    expect(namespaceOf(both)).toBe(both)
  })

  it('explains an export that is not an agent', async () => {
    const temp = tempDir({ 'bad.mjs': `export const agents = { v1: { name: 'x' } }\n` })
    cleanups.push(temp.remove)
    await expect(loadAgentModule('bad.mjs', temp.dir)).rejects.toThrow(
      'agents["v1"] is not an agent with name, version and run()',
    )
  })

  it('reports a module that fails to import with its reason', async () => {
    const temp = tempDir({ 'throws.mjs': `throw new Error('no API key')\n` })
    cleanups.push(temp.remove)
    await expect(loadAgentModule('throws.mjs', temp.dir)).rejects.toMatchObject({
      code: 'AGENTTWIN_AGENT_MODULE_LOAD',
      message: expect.stringContaining('failed: Error: no API key'),
    })
  })
})
