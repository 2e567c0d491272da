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

describe('runCli', () => {
  test('--help lists every verb with its summary', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['--help'], io)).toBe(0)
    for (const command of commands) {
      expect(io.out()).toMatch(
        new RegExp(`^  ${command.name} +${escapeRegExp(command.summary)}$`, 'm'),
      )
    }
    expect(io.err()).toBe('')
  })

  test('each listed verb loads the command of that name and summary', async () => {
    for (const entry of commands) {
      const command = await entry.load()
      expect({ name: command.name, summary: command.summary }).toEqual({
        name: entry.name,
        summary: entry.summary,
      })
    }
  })

  test('--version prints the package version', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['--version'], io)).toBe(0)
    expect(io.out()).toBe(`${packageVersion}\n`)
  })

  test('an unknown verb lists the verbs and exits 2', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['valdate', 'x.yaml'], io)).toBe(2)
    expect(io.err()).toContain('unknown command `valdate` (did you mean `validate`?)')
    expect(io.err()).toContain('  validate ')
    expect(io.out()).toBe('')
  })

  test('no verb at all is a usage error', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli([], io)).toBe(2)
    expect(io.err()).toContain('Usage: agenttwin <command>')
  })

  test('dispatches to the verb with the remaining arguments', async () => {
    const io = captureIO(process.cwd())
    expect(await runCli(['validate', '--help'], io)).toBe(0)
    expect(io.out()).toContain('Usage: agenttwin validate <files...>')
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
