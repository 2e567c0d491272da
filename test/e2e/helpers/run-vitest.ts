import { Readable, Writable } from 'node:stream'
import type { UserConfig as ViteUserConfig } from 'vite'
import type { TestModule, Vitest } from 'vitest/node'
import { type CliOptions, startVitest } from 'vitest/node'

/** What one programmatic Vitest run left behind, as a user would see it. */
export interface VitestRun {
  vitest: Vitest
  /** Terminal output with colours stripped (NO_COLOR is set as well). */
  stdout: string
  stderr: string
  /** `process.exitCode` as Vitest (and reporters) left it; the caller's value is restored. */
  exitCode: number
  modules: TestModule[]
}

/**
 * A stream that keeps what is written to it. Vitest pipes each worker's own
 * stdout/stderr into the streams it is given (`child.stdout.pipe(stream)`,
 * without `{ end: false }`), so the first worker to exit would end a plain
 * Writable and everything printed after it (other files, the summary, the
 * AgentTwin report) would be lost. Ending is therefore ignored.
 */
class OutputCapture extends Writable {
  text = ''

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString()
    callback()
  }

  override end(): this {
    return this
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are control characters.
const ANSI = /\u001b\[[0-9;]*m/g

/** Removes colour codes (a reporter that ignores NO_COLOR would still be readable). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '')
}

/**
 * Runs Vitest once (`vitest run`) in-process on a fixture project and
 * captures what it prints. Runs must not overlap: `process.exitCode` and
 * `NO_COLOR` are process-wide, so callers await each run before the next.
 */
export async function runVitest(
  options: CliOptions,
  filters: string[] = [],
  viteOverrides: ViteUserConfig = {},
): Promise<VitestRun> {
  const out = new OutputCapture()
  const err = new OutputCapture()
  const previousExitCode = process.exitCode
  const previousNoColor = process.env.NO_COLOR
  process.exitCode = 0
  process.env.NO_COLOR = '1'
  let vitest: Vitest | undefined
  try {
    vitest = await startVitest('test', filters, { watch: false, ...options }, viteOverrides, {
      stdin: Readable.from([]) as unknown as NodeJS.ReadStream,
      stdout: out,
      stderr: err,
    })
    return {
      vitest,
      stdout: stripAnsi(out.text),
      stderr: stripAnsi(err.text),
      exitCode: Number(process.exitCode ?? 0),
      modules: [...vitest.state.getTestModules()],
    }
  } finally {
    await vitest?.close()
    process.exitCode = previousExitCode
    if (previousNoColor === undefined) delete process.env.NO_COLOR
    else process.env.NO_COLOR = previousNoColor
  }
}
