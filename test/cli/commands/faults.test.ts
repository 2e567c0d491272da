import { describe, expect, it } from 'vitest'
import type { CliIO } from '../../../src/cli/command.ts'
import { faultsCommand } from '../../../src/cli/commands/faults.ts'
import { commands } from '../../../src/cli/commands/index.ts'
import { faultCatalog } from '../../../src/faults/catalog.ts'

async function runFaults(...args: string[]) {
  let stdout = ''
  let stderr = ''
  const io: CliIO = {
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
    cwd: process.cwd(),
  }
  const code = await faultsCommand.run(args, io)
  return { code, stdout, stderr }
}

/** The text of one column of the row whose first cell is `type`, lines joined by spaces. */
function cell(table: string, type: string, header: string): string {
  const [head = ''] = table.split('\n')
  const start = head.indexOf(header)
  const next = head.slice(start + header.length).search(/\S/)
  const end = next === -1 ? undefined : start + header.length + next
  const block = table
    .split('\n\n')
    .find((rows) =>
      rows.split('\n').some((row) => [type, `${type} !`].includes(row.split(/\s{2,}/)[0] ?? '')),
    )
  if (!block) throw new Error(`no row for ${type}`)
  return block
    .split('\n')
    .filter((row) => !row.startsWith('TYPE') && !row.startsWith('---'))
    .map((row) => row.slice(start, end).trim())
    .filter(Boolean)
    .join(' ')
}

describe('agenttwin faults', () => {
  it('is registered as a command', () => {
    expect(commands.find((command) => command.name === 'faults')?.summary).toMatchInlineSnapshot(
      `"List the fault types (what the dependency did, what the caller sees)"`,
    )
  })

  it('prints a table with every type, its two facts and its params with defaults', async () => {
    const { code, stdout, stderr } = await runFaults()
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toMatch(/^TYPE\s+WHAT THE DEPENDENCY DID\s+WHAT THE CALLER SEES\s+PARAMETERS\n/)
    const rows = stdout.split('\n').map((row) => row.split(/\s{2,}/)[0]?.replace(/ !$/, ''))
    expect(faultCatalog.map((fault) => fault.type).filter((type) => !rows.includes(type))).toEqual(
      [],
    )
    expect(cell(stdout, 'rate_limited', 'PARAMETERS')).toBe('retryAfterSeconds: integer = 2')
    expect(cell(stdout, 'server_error', 'PARAMETERS')).toBe('status: integer = 500 (500|502|503)')
    expect(cell(stdout, 'partial_response', 'PARAMETERS')).toBe('cutAt: integer (optional)')
    expect(cell(stdout, 'auth_expired', 'PARAMETERS')).toBe('-')
    expect(cell(stdout, 'timeout_after_mutation !', 'TYPE')).toBe(
      'timeout_after_mutation ! effect: applied',
    )
    expect(cell(stdout, 'timeout_after_mutation !', 'WHAT THE DEPENDENCY DID')).toBe(
      'All of it: the dependency committed the change, but the answer never made it back.',
    )
    expect(cell(stdout, 'rate_limited', 'WHAT THE CALLER SEES')).toBe(
      'HTTP: A 429 with a Retry-After header (seconds) and a JSON error body. MCP (tool-result): A tool result with isError: true saying to retry later (retry-after in the text).',
    )
    expect(stdout.trimEnd().split('\n').at(-1)).toMatchInlineSnapshot(
      `"26 fault types; ! = dangerous (10): the two facts contradict each other."`,
    )
    for (const line of stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(135)
  })

  it('prints the catalog as JSON with --json', async () => {
    const { code, stdout } = await runFaults('--json')
    expect(code).toBe(0)
    const parsed = JSON.parse(stdout) as Array<Record<string, unknown>>
    expect(parsed).toHaveLength(faultCatalog.length)
    const rateLimited = parsed.find((entry) => entry.type === 'rate_limited')
    expect(rateLimited).toEqual({
      type: 'rate_limited',
      title: 'Rate limited',
      dependency: { effect: 'none', description: expect.any(String) },
      caller: { description: expect.stringContaining('429') },
      mcp: { kind: 'tool-result', description: expect.stringContaining('isError: true') },
      dangerous: false,
      params: [
        {
          name: 'retryAfterSeconds',
          type: 'integer',
          minimum: 0,
          default: 2,
          description: expect.any(String),
        },
      ],
    })
  })

  it('shows a single type, and suggests the closest for an unknown one', async () => {
    const one = await runFaults('stale_read', '--json')
    expect(JSON.parse(one.stdout).map((entry: { type: string }) => entry.type)).toEqual([
      'stale_read',
    ])
    const wrong = await runFaults('stale_reed')
    expect(wrong.code).toBe(1)
    expect(wrong.stdout).toBe('')
    expect(wrong.stderr).toMatchInlineSnapshot(`
      "agenttwin faults: unknown fault type "stale_reed". Did you mean "stale_read"? Run \`agenttwin faults\` to see all 26.
      "
    `)
  })

  it('prints usage with --help and refuses unknown options', async () => {
    const help = await runFaults('--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toMatchInlineSnapshot(`
      "Usage: agenttwin faults [type] [--json]

      Lists every fault type AgentTwin can inject, each defined by two facts:
      what the dependency did, and what the caller sees.

        type     show only this fault type
        --json   print a JSON array (type, title, dependency, caller, mcp, dangerous, params)

      Use a type in a scenario:
        faults:
          - { id: refund-timeout, tool: refund_payment, fault: timeout_after_mutation, when: { call: 1 } }
      "
    `)
    const bad = await runFaults('--yaml')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatchInlineSnapshot(`
      "agenttwin faults: unknown option --yaml. Fix: its options are --json and --help. [AGENTTWIN_CLI_USAGE]

      Usage: agenttwin faults [type] [--json]

      Lists every fault type AgentTwin can inject, each defined by two facts:
      what the dependency did, and what the caller sees.

        type     show only this fault type
        --json   print a JSON array (type, title, dependency, caller, mcp, dangerous, params)

      Use a type in a scenario:
        faults:
          - { id: refund-timeout, tool: refund_payment, fault: timeout_after_mutation, when: { call: 1 } }
      "
    `)
  })
})
