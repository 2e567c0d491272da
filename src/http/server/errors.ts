import { AgentTwinError } from '../../core/errors.ts'
import { endSentence } from '../../core/sentence.ts'

/** The server could not listen where it was asked to. Code `AGENTTWIN_TWIN_SERVER_LISTEN`. */
export class TwinServerListenError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_TWIN_SERVER_LISTEN'

  constructor(twin: string, host: string, port: number, cause: NodeJS.ErrnoException) {
    const why =
      cause.code === 'EADDRINUSE'
        ? 'the port is already in use'
        : cause.code === 'EACCES'
          ? 'this process may not use that port'
          : cause.code === 'EADDRNOTAVAIL'
            ? 'no network interface of this machine has that address'
            : cause.message
    super(
      {
        problem: `Cannot serve twin "${twin}" on ${host}:${port}: ${why} (${cause.code ?? 'error'}).`,
        fix: 'choose another port (0 picks a free one) or another host (127.0.0.1 for this machine only).',
      },
      { cause },
    )
  }
}

/** `serveTwin` options that cannot hold together. Code `AGENTTWIN_SERVE_TWIN_OPTIONS`. */
export class ServeTwinOptionsError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_SERVE_TWIN_OPTIONS'

  constructor(problem: string, fix: string) {
    super({ problem: `serveTwin: ${endSentence(problem)}`, fix })
  }
}
