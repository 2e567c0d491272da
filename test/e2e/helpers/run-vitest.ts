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

/** What a run needs beyond Vitest's own options. */
export interface RunSetup {
  /** Environment variables for the run (`undefined` removes one); restored afterwards. */
  env?: Record<string, string | undefined>
  /** Vite config overrides (the fourth argument of `startVitest`). */
  vite?: ViteUserConfig
}

function setEnv(values: Record<string, string | undefined>): () => void {
  const previous = Object.keys(values).map((name) => [name, process.env[name]] as const)
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  return () => {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/**
 * Runs Vitest once (`vitest run`) in-process on a fixture project and
 * captures what it prints. Runs must not overlap: `process.exitCode` and the
 * environment are process-wide, so callers await each run before the next.
 */
export async function runVitest(
  options: CliOptions,
  filters: string[] = [],
  setup: RunSetup = {},
): Promise<VitestRun> {
  const out = new OutputCapture()
  const err = new OutputCapture()
  const previousExitCode = process.exitCode
  // A CI step summary is only written when a test asks for one.
  const restoreEnv = setEnv({ GITHUB_STEP_SUMMARY: undefined, ...setup.env, NO_COLOR: '1' })
  process.exitCode = 0
  let vitest: Vitest | undefined
  try {
    vitest = await startVitest('test', filters, { watch: false, ...options }, setup.vite ?? {}, {
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
    restoreEnv()
  }
}
