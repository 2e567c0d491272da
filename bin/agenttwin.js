#!/usr/bin/env node
// The compiled CLI: nothing is compiled at start-up. `npm run build` (run by
// `prepare` and by the repository's test commands) writes dist/.
import { processIO, runCli } from '../dist/cli/main.js'

process.exitCode = await runCli(process.argv.slice(2), processIO())
