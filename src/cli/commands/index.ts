import type { CliCommand } from '../command.ts'
import { calibrateCommand } from './calibrate.ts'
import { checkCommand } from './check.ts'
import { faultsCommand } from './faults.ts'
import { validateCommand } from './validate.ts'

/** Every verb of the `agenttwin` command, in the order `--help` lists them. Add one line per verb. */
export const commands: CliCommand[] = [
  validateCommand,
  checkCommand,
  faultsCommand,
  calibrateCommand,
]
