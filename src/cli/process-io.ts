import type { CliIO } from './command.ts'

/** The exit status of a program stopped by a closed pipe (128 + SIGPIPE), as a shell reports it. */
export const BROKEN_PIPE_EXIT = 141

/**
 * The real process's standard streams as a `CliIO`. A reader that closes the
 * pipe early (`agenttwin check … | head`) ends the command quietly, as a
 * Unix tool ends on SIGPIPE, instead of a stack trace for EPIPE.
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), processIO())
 */
export function processIO(): CliIO {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(BROKEN_PIPE_EXIT)
      throw error
    })
  }
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
  }
}
