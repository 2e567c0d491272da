#!/usr/bin/env node
// The compiled CLI: nothing is compiled at start-up. `npm run build` (run by
// `prepare` and by the repository's test commands) writes dist/.
import { processIO, runCli } from '../dist/cli/main.js'

const code = await runCli(process.argv.slice(2), processIO())
process.exitCode = code
// The command is done: end here, once the output is out, so that a timer an
// agent left behind cannot run (and send a request) after the test network
// was taken down.
let streams = 0
for (const stream of [process.stdout, process.stderr]) {
  if (stream.writableLength === 0) continue
  streams += 1
  stream.write('', () => {
    streams -= 1
    if (streams === 0) process.exit(code)
  })
}
if (streams === 0) process.exit(code)
