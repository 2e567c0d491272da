import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { formatCall } from '../../compare/format.ts'
import type { CallRecord } from '../../core/call-record.ts'
import { InvalidDocumentError } from '../../core/errors.ts'
import type { JsonObject } from '../../core/json.ts'
import { INSPECTION_PATH } from '../../http/server/inspection.ts'
import { type ServeTwinOptions, serveTwin } from '../../http/server/serve-twin.ts'
import { detectDocumentKind, loadScenario, loadTwin, locateField } from '../../schema/index.ts'
import type { TwinDocument } from '../../schema/twin-document.ts'
import type { CliCommand, CliIO } from '../command.ts'
import {
  defineVerb,
  integerOption,
  oneDocument,
  type ParsedOptions,
  stringOption,
  usageError,
} from './cli-options.ts'

const USAGE = `Usage: agenttwin serve <twin-or-scenario> [--port <n>] [--host <h>] [--mcp] [--no-token] [--max-body-bytes <n>]

Serves a twin over real HTTP, for agents in other processes or languages. Given a
scenario, the twin starts with the scenario's state overrides, fault rules and
seed. Prints the URL and the tools, then one line per call as the twin records it.

  <twin-or-scenario>  a twin.v1 or scenario.v1 file
  --port <n>          default 0: a free port, printed at start
  --host <h>          default 127.0.0.1 (this machine only)
  --mcp               also serve the twin as an MCP server (Streamable HTTP) at <url>/mcp
  --no-token          let inspection requests in without the printed token
                      (for local scripts)
  --max-body-bytes <n>
                      larger request bodies get 413 (default 1048576)

While it runs (send the printed token as Authorization: Bearer <token>):
  GET  ${INSPECTION_PATH}/records   every call the twin recorded (CallRecord JSON;
                                   ?offset=N&limit=N for a page)
  GET  ${INSPECTION_PATH}/state     the twin's current state
  POST ${INSPECTION_PATH}/reset     start over: initial state, no records
Inspection answers only requests that name this server in Host and come from
no other site's page, so a web page cannot read or reset the twin.

Stops on Ctrl+C (SIGINT) or SIGTERM. Exit status: 0 once stopped; 2 usage or
document error, or the port cannot be used.

Example (in a project set up by \`agenttwin init\`):
  agenttwin serve scenarios/example.scenario.yaml --port 4010`

const OPTIONS = {
  port: { type: 'string', value: { integer: { min: 0, max: 65535 } } },
  host: { type: 'string' },
  mcp: { type: 'boolean' },
  'no-token': { type: 'boolean' },
  'max-body-bytes': { type: 'string', value: { integer: { min: 1 } } },
} as const

interface Served {
  twin: TwinDocument
  options: ServeTwinOptions
  /** What a scenario brought, in one line; absent for a bare twin. */
  from?: string
  /** The files read: the document, and a scenario's twin. */
  files: string[]
}

export async function documentToServe(file: string): Promise<Served> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    // The loader turns an unreadable file into a located problem.
    return { twin: await loadTwin(file), options: {}, files: [file] }
  }
  const kind = detectDocumentKind(text, file)
  if (kind === 'twin') return { twin: await loadTwin(file), options: {}, files: [file] }
  if (kind !== 'scenario') {
    throw new InvalidDocumentError([
      {
        file,
        ...locateField(text, file, ['apiVersion']),
        path: 'apiVersion',
        message: `a ${kind} document cannot be served`,
        fix: 'give a twin.v1 document, or a scenario.v1 document (its twin is served with its state and faults)',
      },
    ])
  }
  const { document, twin, twinFile } = await loadScenario(file)
  const faults = document.faults ?? []
  const rules = faults.map((rule) => `${rule.id} (${rule.fault} on ${rule.tool})`)
  const parts = [
    document.state ? 'its state overrides' : 'no state overrides',
    faults.length === 0 ? 'no fault rules' : `fault rules ${rules.join(', ')}`,
    `seed ${document.seed ?? 0}`,
  ]
  return {
    twin,
    options: {
      state: document.state as JsonObject | undefined,
      faults,
      seed: document.seed ?? 0,
    },
    from: `scenario ${document.id}: ${parts.join('; ')}`,
    files: [file, twinFile],
  }
}

/** One call as the twin recorded it: `#3 refund_payment(amount=40, ...) → 504 [fault timeout_after_mutation]`. */
export function formatRecord(record: CallRecord): string {
  const seen = record.status === null ? 'no status' : String(record.status)
  const marks = [
    record.fault ? `fault ${record.fault.type}` : undefined,
    record.replay ? 'replay' : undefined,
  ].filter(Boolean)
  const tags = marks.length > 0 ? ` [${marks.join(', ')}]` : ''
  return `#${record.seq} ${formatCall(record.tool, record.args)} → ${seen}${tags}`
}

function untilStopped(stop: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (stop) {
      if (stop.aborted) resolve()
      else stop.addEventListener('abort', () => resolve(), { once: true })
      return
    }
    const onSignal = () => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      resolve()
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  })
}

async function serve(options: ParsedOptions, io: CliIO, stop: AbortSignal | undefined) {
  const file = oneDocument(options, io, 'serve', USAGE)
  if (typeof file === 'number') return file
  const port = integerOption(options, 'port', 0)
  if (typeof port === 'object') return usageError(io, 'serve', port.problem, USAGE)
  if (port !== undefined && port > 65535) {
    return usageError(io, 'serve', `--port ${port} is above 65535`, USAGE)
  }
  const maxBodyBytes = integerOption(options, 'max-body-bytes', 1)
  if (typeof maxBodyBytes === 'object') return usageError(io, 'serve', maxBodyBytes.problem, USAGE)
  const chosen = await documentToServe(resolve(io.cwd, file))
  // Loaded only when asked for: the MCP SDK is an optional peer.
  const mcp = options.values.mcp
    ? (await import('../../mcp/streamable.ts')).mcpSurface()
    : undefined
  const served = await serveTwin(chosen.twin, {
    ...(mcp && { surfaces: [mcp.surface] }),
    ...chosen.options,
    port,
    host: stringOption(options, 'host'),
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
    ...(options.values['no-token'] === true ? { inspectionToken: false as const } : {}),
    onCall: (record) => io.stdout(`${formatRecord(record)}\n`),
    onError: (error, request) => {
      const reason = error instanceof Error ? error.message : String(error)
      io.stderr(`twin failed on ${request.method} ${request.url}: ${reason}\n`)
    },
  })
  const { metadata } = chosen.twin
  const origin = new URL(served.url).origin
  const width = Math.max(...served.tools.map((tool) => tool.method.length))
  const risk = new Map(chosen.twin.tools.map((tool) => [tool.name, tool.risk]))
  io.stdout(
    [
      `Serving twin ${metadata.name} ${metadata.version} at ${served.url}`,
      ...(chosen.from ? [`From ${chosen.from}`] : []),
      'Tools:',
      ...served.tools.map(
        (tool) =>
          `  ${tool.method.padEnd(width)} ${tool.url}  ${tool.tool} (${risk.get(tool.tool)})`,
      ),
      ...(mcp ? [`MCP: ${served.url}/mcp (Streamable HTTP)`] : []),
      `Inspect: GET ${origin}${INSPECTION_PATH}/records, GET ${origin}${INSPECTION_PATH}/state, POST ${origin}${INSPECTION_PATH}/reset`,
      served.inspectionToken
        ? `Inspection token: ${served.inspectionToken} (send Authorization: Bearer <token>)`
        : 'Inspection token: none (--no-token)',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  )
  await untilStopped(stop)
  const calls = served.records().length
  await mcp?.close()
  await served.close()
  io.stdout(
    `Stopped; the twin recorded ${calls} call${calls === 1 ? '' : 's'} since its last reset.\n`,
  )
  return 0
}

/**
 * `agenttwin serve`: a twin on a real port until SIGINT (or until `stop` aborts, for tests).
 * @example
 * const stop = new AbortController()
 * const done = createServeCommand({ stop: stop.signal }).run(['shop.twin.yaml', '--port', '0'], io)
 * stop.abort(); await done // 0
 */
export function createServeCommand(options: { stop?: AbortSignal } = {}): CliCommand {
  return defineVerb({
    name: 'serve',
    summary: "Serve a twin (or a scenario's twin, state and faults) over real HTTP",
    usage: USAGE,
    options: OPTIONS,
    action: (parsed, io) => serve(parsed, io, options.stop),
  })
}

export const serveCommand: CliCommand = createServeCommand()
