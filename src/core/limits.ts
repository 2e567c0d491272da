/**
 * Every resource bound of AgentTwin, with its default, in one place. Each can
 * be raised (or lowered) for a run with an environment variable, which
 * reaches every entry point alike (CLI, plugin, workers, spawned servers):
 * `AGENTTWIN_MAX_DOCUMENT_BYTES=64MiB`. A few also have an option in code
 * (`serveTwin({ maxBodyBytes })`, `serveStdio(twin, { maxMessageBytes })`).
 * Exceeding one is a `LimitExceededError` that names what was too big, the
 * limit and how to raise it.
 */
import { AgentTwinError } from './errors.ts'

const MiB = 1024 * 1024

/** The bounds and their defaults. Sizes are bytes; `depth` counts nesting levels. */
export const DEFAULT_LIMITS = {
  /** One twin, scenario or contract document (YAML or JSON) on disk. */
  documentBytes: 16 * MiB,
  /** Nesting of a document's values and of a request body's JSON. */
  depth: 64,
  /** A JSON report read back by `agenttwin report` (and other verbs that read reports). */
  reportBytes: 64 * MiB,
  /** One model-traffic cassette file. */
  cassetteBytes: 16 * MiB,
  /** One JSON-RPC message (line) to a stdio MCP server. */
  mcpMessageBytes: 10 * MiB,
  /** One request body to a twin, in-process or served. */
  requestBodyBytes: 1 * MiB,
  /** A twin's state as JSON when the twin is created. */
  stateBytes: 64 * MiB,
} as const satisfies Record<string, number>

export type LimitName = keyof typeof DEFAULT_LIMITS

/** What each limit is called in messages. */
const LIMIT_WORDS: Record<LimitName, string> = {
  documentBytes: 'document size',
  depth: 'nesting depth',
  reportBytes: 'report file size',
  cassetteBytes: 'cassette file size',
  mcpMessageBytes: 'MCP message size',
  requestBodyBytes: 'request body size',
  stateBytes: 'twin state size',
}

/** Each limit's environment variable, spelled once: a limit is read on every call and parse. */
const VARIABLES = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS).map((name) => [
    name,
    `AGENTTWIN_MAX_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`,
  ]),
) as Record<LimitName, string>

/** `documentBytes` → `AGENTTWIN_MAX_DOCUMENT_BYTES`. */
export function limitVariable(name: LimitName): string {
  return VARIABLES[name]
}

const UNITS: Record<string, number> = {
  '': 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: MiB,
  mb: MiB,
  mib: MiB,
  g: 1024 * MiB,
  gb: 1024 * MiB,
  gib: 1024 * MiB,
}

/**
 * The limit in force: the environment's `AGENTTWIN_MAX_…` when set (a whole
 * number, sizes also as `512KiB`, `64MiB`, `1GiB`), else the default.
 * @example
 * resourceLimit('documentBytes') // 16777216, or what AGENTTWIN_MAX_DOCUMENT_BYTES says
 */
export function resourceLimit(name: LimitName): number {
  const variable = limitVariable(name)
  const text = process.env[variable]?.trim()
  if (!text) return DEFAULT_LIMITS[name]
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text)
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined
  const value = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : Number.NaN
  if (!Number.isSafeInteger(value) || value < 1 || (name === 'depth' && unit !== 1)) {
    throw new InvalidLimitError(variable, text, name === 'depth')
  }
  return value
}

/** `16777216` → `16 MiB`, for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Number((bytes / MiB).toFixed(1))} MiB`
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`
  return `${bytes} bytes`
}

/** Something was bigger (or deeper) than a limit allows. */
export class LimitExceededError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_LIMIT_EXCEEDED'
  readonly limit: LimitName
  readonly max: number
  /** The size found, when it was measured whole. */
  readonly size: number | undefined

  /** `what`: the thing that was too big, naming its file (`the cassette cassettes/x.json`). */
  constructor(
    limit: LimitName,
    what: string,
    size: number | undefined,
    max = resourceLimit(limit),
  ) {
    const unitOf = (n: number) => (limit === 'depth' ? `${n} levels` : formatBytes(n))
    const found = size === undefined ? 'is over' : `is ${unitOf(size)}, over`
    super({
      problem: `${what} ${found} the ${LIMIT_WORDS[limit]} limit of ${unitOf(max)}.`,
      fix: `make it smaller, or raise the limit for the run: ${limitVariable(limit)}=${limit === 'depth' ? max * 2 : formatBytes(max * 2).replace(' ', '')} (see docs/guide/limits.md).`,
    })
    this.limit = limit
    this.max = max
    this.size = size
  }
}

/** An `AGENTTWIN_MAX_…` variable that is not a limit. */
export class InvalidLimitError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_LIMIT'

  constructor(variable: string, value: string, levels: boolean) {
    super({
      problem: `${variable}=${JSON.stringify(value)} is not a limit.`,
      fix: levels
        ? `give a whole number of levels, e.g. ${variable}=128, or unset it for the default.`
        : `give a whole number of bytes or a size such as 64MiB or 1GiB, or unset it for the default.`,
    })
  }
}
