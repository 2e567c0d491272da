import type { CliCommand } from '../command.ts'
import { calibrateCommand } from './calibrate.ts'
import { checkCommand } from './check.ts'
import { claimsCommand } from './claims.ts'
import { diffCommand } from './diff.ts'
import { faultsCommand } from './faults.ts'
import { initCommand } from './init.ts'
import { mcpCommand } from './mcp.ts'
import { mineCommand } from './mine.ts'
import { reportCommand } from './report.ts'
import { runCommand } from './run.ts'
import { serveCommand } from './serve.ts'
import { validateCommand } from './validate.ts'

/** Every verb of the `agenttwin` command, in the order `--help` lists them. Add one line per verb. */
export const commands: CliCommand[] = [
  validateCommand,
  checkCommand,
  runCommand,
  diffCommand,
  reportCommand,
  serveCommand,
  mcpCommand,
  initCommand,
  faultsCommand,
  calibrateCommand,
  claimsCommand,
  mineCommand,
]
