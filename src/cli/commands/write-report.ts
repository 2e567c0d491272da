import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { CliIO } from '../command.ts'

/** Writes one output file (creating its folder) and says where it went. */
export function writeReport(io: CliIO, file: string, text: string, what: string): void {
  const path = resolve(io.cwd, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  io.stdout(`AgentTwin ${what} written to ${path}\n`)
}
