import { resolve } from 'node:path'
import type { CliIO } from '../command.ts'
import { refuseOverwritingInput, writeOutputFile } from '../output-path.ts'

/**
 * Writes one output file (creating its folder) and says where it went. An
 * output that is one of `inputs` is refused before anything is written.
 */
export function writeReport(
  io: CliIO,
  file: string,
  text: string,
  what: string,
  inputs: readonly string[] = [],
): void {
  const path = resolve(io.cwd, file)
  refuseOverwritingInput([...inputs], path)
  writeOutputFile(path, text)
  io.stdout(`AgentTwin ${what} written to ${path}\n`)
}
