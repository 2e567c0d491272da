import type { FaultParamSpec, FaultType } from '../../core/fault-model.ts'
import { faultCatalog, getFaultType } from '../../faults/catalog.ts'
import { closestName } from '../../faults/closest.ts'
import type { CliCommand, CliIO } from '../command.ts'
import { readOptions, usageError } from './cli-options.ts'
import type { OptionKinds } from './option-checks.ts'

const USAGE = `Usage: agenttwin faults [type] [--json]

Lists every fault type AgentTwin can inject, each defined by two facts:
what the dependency did, and what the caller sees.

  type     show only this fault type
  --json   print a JSON array (type, title, dependency, caller, mcp, dangerous, params)

Use a type in a scenario:
  faults:
    - { id: refund-timeout, tool: refund_payment, fault: timeout_after_mutation, when: { call: 1 } }`

/** The catalog entry without its `view` function: what `--json` prints. */
function toJson(fault: FaultType) {
  return {
    type: fault.type,
    title: fault.title,
    dependency: { ...fault.dependency },
    caller: { ...fault.caller },
    mcp: {
      ...(fault.mcp ?? { kind: 'tool-result', description: 'The HTTP answer as a tool result.' }),
    },
    dangerous: fault.dangerous,
    params: fault.params.map((param) => ({ ...param })),
  }
}

function describeParam(param: FaultParamSpec): string {
  const choices = param.allowed ? ` (${param.allowed.map((v) => JSON.stringify(v)).join('|')})` : ''
  const value =
    param.default !== undefined
      ? ` = ${JSON.stringify(param.default)}`
      : param.required
        ? ' (required)'
        : ' (optional)'
  return `${param.name}: ${param.type}${value}${choices}`
}

/** Breaks text into lines of at most `width` characters, at spaces where possible. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word
    while (rest.length > width) {
      if (line) lines.push(line)
      lines.push(rest.slice(0, width))
      rest = rest.slice(width)
      line = ''
    }
    if (!line) line = rest
    else if (line.length + 1 + rest.length <= width) line = `${line} ${rest}`
    else {
      lines.push(line)
      line = rest
    }
  }
  if (line) lines.push(line)
  return lines.length > 0 ? lines : ['']
}

const COLUMNS = [
  { title: 'TYPE', width: 27 },
  { title: 'WHAT THE DEPENDENCY DID', width: 30 },
  { title: 'WHAT THE CALLER SEES', width: 34 },
  { title: 'PARAMETERS', width: 32 },
] as const

function tableRow(cells: string[][]): string[] {
  const height = Math.max(...cells.map((cell) => cell.length))
  const rows: string[] = []
  for (let index = 0; index < height; index++) {
    const parts = COLUMNS.map((column, c) => (cells[c]?.[index] ?? '').padEnd(column.width))
    rows.push(parts.join('  ').trimEnd())
  }
  return rows
}

function renderTable(faults: readonly FaultType[]): string {
  const lines = tableRow(COLUMNS.map((column) => [column.title]))
  lines.push(COLUMNS.map((column) => '-'.repeat(column.width)).join('  '))
  for (const fault of faults) {
    const name = fault.dangerous ? `${fault.type} !` : fault.type
    const params = fault.params.length
      ? fault.params.flatMap((param) => wrap(describeParam(param), COLUMNS[3].width))
      : ['-']
    lines.push(
      ...tableRow([
        [...wrap(name, COLUMNS[0].width), `effect: ${fault.dependency.effect}`],
        wrap(fault.dependency.description, COLUMNS[1].width),
        [
          ...wrap(`HTTP: ${fault.caller.description}`, COLUMNS[2].width),
          ...(fault.mcp
            ? wrap(`MCP (${fault.mcp.kind}): ${fault.mcp.description}`, COLUMNS[2].width)
            : []),
        ],
        params,
      ]),
      '',
    )
  }
  const dangerous = faults.filter((fault) => fault.dangerous).length
  lines.push(
    `${faults.length} fault type${faults.length === 1 ? '' : 's'}; ! = dangerous (${dangerous}): the two facts contradict each other.`,
  )
  return `${lines.join('\n')}\n`
}

const OPTIONS = { json: { type: 'boolean' } } as const satisfies OptionKinds

async function run(args: string[], io: CliIO): Promise<number> {
  const parsed = readOptions(args, OPTIONS)
  if ('problem' in parsed) return usageError(io, 'faults', parsed.problem, USAGE)
  if (parsed.values.help) {
    io.stdout(`${USAGE}\n`)
    return 0
  }
  const names = parsed.positionals
  if (names.length > 1) return usageError(io, 'faults', 'give at most one fault type', USAGE)
  let faults = faultCatalog
  const [name] = names
  if (name !== undefined) {
    const found = getFaultType(name)
    if (!found) {
      const near = closestName(
        name,
        faultCatalog.map((fault) => fault.type),
      )
      const hint = near ? ` Did you mean "${near}"?` : ''
      io.stderr(
        `agenttwin faults: unknown fault type "${name}".${hint} Run \`agenttwin faults\` to see all ${faultCatalog.length}.\n`,
      )
      return 1
    }
    faults = [found]
  }
  if (parsed.values.json) io.stdout(`${JSON.stringify(faults.map(toJson), null, 2)}\n`)
  else io.stdout(renderTable(faults))
  return 0
}

/**
 * `agenttwin faults`: the fault catalog as a table, or as JSON with `--json`.
 *
 * @example
 * await faultsCommand.run(['--json'], { stdout: (t) => process.stdout.write(t), stderr: console.error, cwd: '.' })
 */
export const faultsCommand: CliCommand = {
  name: 'faults',
  summary: 'List the fault types (what the dependency did, what the caller sees)',
  usage: USAGE,
  options: OPTIONS,
  run,
}
