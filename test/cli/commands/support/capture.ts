import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { onTestFinished } from 'vitest'
import type { CliCommand, CliIO } from '../../../../src/cli/command.ts'

/** The repository root: commands resolve relative paths against `cwd`. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

export const DEMO_AGENTS = 'examples/demo-co/agent/index.ts'
export const DEMO_SCENARIOS = 'examples/demo-co/scenarios'

export interface Captured {
  code: number
  stdout: string
  stderr: string
}

/** Runs a command with its output captured, the way `agenttwin <verb> ...args` would. */
export async function capture(
  command: CliCommand,
  args: string[],
  cwd: string = ROOT,
): Promise<Captured> {
  let stdout = ''
  let stderr = ''
  const io: CliIO = {
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
    cwd,
  }
  const code = await command.run(args, io)
  return { code, stdout, stderr }
}

/** A fresh temporary directory with the given files; `remove()` deletes it. */
export function tempDir(files: Record<string, string> = {}): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'agenttwin-cli-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** An empty scratch directory for the running test, removed when the test finishes. */
export function workspace(): string {
  const temp = tempDir()
  onTestFinished(temp.remove)
  return temp.dir
}
