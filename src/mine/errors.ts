import { AgentTwinError } from '../core/errors.ts'

/** The source of `agenttwin mine` cannot be mined as asked. Code `MINE_SOURCE`. */
export class MineSourceError extends AgentTwinError {
  constructor(file: string, problem: string, fix: string) {
    super('MINE_SOURCE', `${file}: ${problem}. Fix: ${fix}.`)
  }
}
