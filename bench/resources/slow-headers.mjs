#!/usr/bin/env node
// `agenttwin serve` against SOCKETS connections (default 50) that send a
// request line and never finish their headers: prints, as one JSON line, how
// many the server had closed after WAIT_S seconds (default 13; the documented
// header timeout is 10 s). Run `npm run build` first; DIST=<dir> measures
// another build (its bin/ beside it).
import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const bin = process.env.DIST
  ? join(dirname(process.env.DIST), 'bin/agenttwin.js')
  : join(root, 'bin/agenttwin.js')
const count = Number(process.env.SOCKETS ?? 50)
const waitS = Number(process.env.WAIT_S ?? 13)
const twin = join(root, 'examples/demo-co/twins/demo-co.twin.yaml')
const server = spawn(process.execPath, [bin, 'serve', twin, '--port', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
let output = ''
const port = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    output += chunk
    const found = /127\.0\.0\.1:(\d+)/.exec(output)
    if (found) resolve(Number(found[1]))
  })
  server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)))
})
let closed = 0
const started = performance.now()
const times = []
for (let i = 0; i < count; i++) {
  const socket = connect(port, '127.0.0.1', () =>
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: '),
  )
  socket.on('error', () => {})
  socket.resume()
  socket.on('close', () => {
    closed++
    times.push(Math.round(performance.now() - started))
  })
}
await new Promise((resolve) => setTimeout(resolve, waitS * 1000))
server.kill()
console.log(
  JSON.stringify({
    sockets: count,
    waitS,
    closed,
    firstClosedMs: Math.min(...times),
    lastClosedMs: Math.max(...times),
  }),
)
process.exit(0)
