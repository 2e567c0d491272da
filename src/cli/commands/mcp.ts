import { resolve } from 'node:path'
import { createFaultPolicy } from '../../faults/index.ts'
import { createTwin } from '../../twin/index.ts'
import type { CliCommand, CliIO } from '../command.ts'
import { refuseOverwritingInput } from '../output-path.ts'
import { defineVerb, oneDocument, type ParsedOptions, stringOption } from './cli-options.ts'
import { documentToServe, formatRecord } from './serve.ts'

const USAGE = `Usage: agenttwin mcp <twin-or-scenario> [--records <file>]

Serves a twin as an MCP server over stdio, for MCP clients that spawn their
servers (desktop configs, StdioClientTransport). Given a scenario, the twin
starts with the scenario's state overrides, fault rules and seed. stdout
carries JSON-RPC only; one line per call goes to stderr.

  <twin-or-scenario>  a twin.v1 or scenario.v1 file
  --records <file>    keep { twin, records, state } as JSON in <file>: each
                      call's record is appended as it happens, the state is
                      written when the server stops (null until then)

While it runs, the resources agenttwin://records and agenttwin://state give
the same over MCP. Stops when the client closes stdin (or a fault cuts the
output). A JSON-RPC line over the MCP message limit (10 MiB; raise it with
AGENTTWIN_MAX_MCP_MESSAGE_BYTES) ends the session with a message on stderr.
Exit status: 0 once stopped by the client; 1 a message over the limit;
2 usage or document error.

Example (in a project set up by \`agenttwin init\`):
  agenttwin mcp scenarios/example.scenario.yaml --records records.json`

async function mcp(options: ParsedOptions, io: CliIO): Promise<number> {
  const file = oneDocument(options, io, 'mcp', USAGE)
  if (typeof file === 'number') return file
  const chosen = await documentToServe(resolve(io.cwd, file))
  const records = stringOption(options, 'records')
  if (records) refuseOverwritingInput(chosen.files, resolve(io.cwd, records))
  const { faults = [], seed = 0, state } = chosen.options
  const twin = createTwin(chosen.twin, {
    ...(state && { stateOverrides: state }),
    ...(faults.length > 0 && {
      faults: createFaultPolicy(faults, {
        seed,
        toolNames: chosen.twin.tools.map((tool) => tool.name),
        twinName: chosen.twin.metadata.name,
      }),
    }),
  })
  // Loaded only when asked for: the MCP SDK is an optional peer.
  const { serveStdio } = await import('../../mcp/stdio.ts')
  const server = await serveStdio(twin, {
    ...(records && { recordsFile: resolve(io.cwd, records) }),
    onCall: (record) => io.stderr(`${formatRecord(record)}\n`),
  })
  await server.closed
  twin.dispose()
  // The session ended on its own (a message over the limit): say so and fail.
  if (server.failure) {
    io.stderr(`agenttwin mcp: ${server.failure.message} [${server.failure.code}]\n`)
    return 1
  }
  return 0
}

/**
 * `agenttwin mcp`: a twin as a stdio MCP server until the client hangs up.
 * @example
 * // { "command": "npx", "args": ["agenttwin", "mcp", "shop.twin.yaml", "--records", "records.json"] }
 */
export const mcpCommand: CliCommand = defineVerb({
  name: 'mcp',
  summary: "Serve a twin (or a scenario's twin, state and faults) as an MCP server over stdio",
  usage: USAGE,
  options: { records: { type: 'string' } },
  action: (parsed, io) => mcp(parsed, io),
})
