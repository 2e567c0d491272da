import type { CliIO } from '../../src/cli/command.ts'

/** A `CliIO` that keeps what a command prints. */
export function captureIO(cwd: string): CliIO & { out: () => string; err: () => string } {
  let stdout = ''
  let stderr = ''
  return {
    cwd,
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
    out: () => stdout,
    err: () => stderr,
  }
}
