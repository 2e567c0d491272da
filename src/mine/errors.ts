import { AgentTwinError } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'

/** The source of `agenttwin mine` cannot be mined as asked. Code `AGENTTWIN_MINE_SOURCE`. */
export class MineSourceError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MINE_SOURCE'

  constructor(file: string, problem: string, fix: string) {
    super({ problem: `${file}: ${endSentence(problem)}`, fix: endSentence(fix) })
  }
}
