import type { CliCommand } from '../command.ts'

/**
 * A verb as `--help` lists it, loaded only when it runs: `agenttwin --help`
 * and `--version` then start without importing twins, MSW or the judges.
 */
export interface CommandEntry {
  name: string
  /** One line for `agenttwin --help`; a test checks it matches the command's own. */
  summary: string
  load(): Promise<CliCommand>
}

/** Every verb of the `agenttwin` command, in the order `--help` lists them. Add one entry per verb. */
export const commands: CommandEntry[] = [
  {
    name: 'validate',
    summary: 'check twin, scenario and contract documents; print every problem as file:line:col',
    load: async () => (await import('./validate.ts')).validateCommand,
  },
  {
    name: 'check',
    summary: 'check recorded outcomes (JSON Lines) fail-closed: execution, state, claim, evidence',
    load: async () => (await import('./check.ts')).checkCommand,
  },
  {
    name: 'run',
    summary: 'Run one scenario against one agent version and print each expectation',
    load: async () => (await import('./run.ts')).runCommand,
  },
  {
    name: 'diff',
    summary: 'Compare two agent versions on one pinned selection; the gate sets the exit status',
    load: async () => (await import('./diff.ts')).diffCommand,
  },
  {
    name: 'serve',
    summary: "Serve a twin (or a scenario's twin, state and faults) over real HTTP",
    load: async () => (await import('./serve.ts')).serveCommand,
  },
  {
    name: 'init',
    summary: 'Scaffold a starter twin, scenario and agent, and print the Vitest config',
    load: async () => (await import('./init.ts')).initCommand,
  },
  {
    name: 'faults',
    summary: 'List the fault types (what the dependency did, what the caller sees)',
    load: async () => (await import('./faults.ts')).faultsCommand,
  },
  {
    name: 'calibrate',
    summary: 'Measure a judge against human-labelled replies (n, agreement, kappa)',
    load: async () => (await import('./calibrate.ts')).calibrateCommand,
  },
  {
    name: 'report',
    summary: 'Render a saved JSON report as a self-contained HTML page',
    load: async () => (await import('./report.ts')).reportCommand,
  },
  {
    name: 'mcp',
    summary: "Serve a twin (or a scenario's twin, state and faults) as an MCP server over stdio",
    load: async () => (await import('./mcp.ts')).mcpCommand,
  },
  {
    name: 'claims',
    summary: "Compare an agent's OpenTelemetry trace with a twin's records",
    load: async () => (await import('./claims.ts')).claimsCommand,
  },
  {
    name: 'mine',
    summary: 'Turn a recorded case or an OTLP trace into a scenario that reproduces it',
    load: async () => (await import('./mine.ts')).mineCommand,
  },
]
