import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { LimitExceededError, resourceLimit } from '../core/limits.ts'
import { withoutByteOrderMark } from '../core/utf8.ts'
import { checkCassette } from './cassette-shape.ts'
import { InvalidCassetteError } from './errors.ts'
import type { Cassette } from './types.ts'

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9._@-]+/g, '_')
}

/**
 * The cassette file of one case, agent version and trial:
 * `<dir>/<case>/<agent>@<version>.cassette.json`, `.trial-N` before the
 * extension for trials after the first, `.baseline` / `.candidate` before that
 * for the runs of one side of a pair whose sides run their own seeds, and
 * `.judge` for the calls the judge made about that run, and `.user` for the
 * calls of the conversation's simulated user.
 * @example
 * cassettePath('__cassettes__', 'refund-happy-path', { name: 'support', version: '1.2.4' })
 * // '__cassettes__/refund-happy-path/support@1.2.4.cassette.json'
 */
export function cassettePath(
  dir: string,
  caseId: string,
  agent: { name: string; version: string },
  trial = 0,
  role: 'agent' | 'judge' | 'user' = 'agent',
  side?: 'baseline' | 'candidate',
): string {
  const suffix = `${side ? `.${side}` : ''}${trial > 0 ? `.trial-${trial}` : ''}${role === 'agent' ? '' : `.${role}`}`
  return join(
    dir,
    safeName(caseId),
    `${safeName(`${agent.name}@${agent.version}`)}${suffix}.cassette.json`,
  )
}

/** The cassette at `file`, or `undefined` when there is none yet. */
export function readCassette(file: string): Cassette | undefined {
  let text: string
  try {
    // No cassette is the common case (an agent without a model): answered without an exception.
    const stats = statSync(file, { throwIfNoEntry: false })
    if (!stats) return undefined
    const size = stats.size
    const maxBytes = resourceLimit('cassetteBytes')
    if (size > maxBytes)
      throw new LimitExceededError('cassetteBytes', `The cassette ${file}`, size, maxBytes)
    text = withoutByteOrderMark(readFileSync(file, 'utf8'))
  } catch (error) {
    if (error instanceof LimitExceededError) throw error
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new InvalidCassetteError(file, `cannot be read (${(error as Error).message})`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new InvalidCassetteError(file, `is not JSON (${(error as Error).message})`)
  }
  return checkCassette(parsed, file)
}

/** Writes a cassette as pretty JSON, the form a reviewer reads in a diff. */
export function writeCassette(file: string, cassette: Cassette): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(cassette, null, 2)}\n`)
}
