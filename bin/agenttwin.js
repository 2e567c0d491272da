#!/usr/bin/env node
// The package ships TypeScript sources; tsx compiles them on the fly. Both
// hooks: users' agent modules may be ESM or CommonJS TypeScript.
import { register as registerCjs } from 'tsx/cjs/api'
import { register } from 'tsx/esm/api'

registerCjs()
register()
const { runCli } = await import('../src/cli/main.ts')
const { processIO } = await import('../src/cli/process-io.ts')
process.exitCode = await runCli(process.argv.slice(2), processIO())
