import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A real server on this machine that counts what actually arrives: the only proof of a leak. */
export interface CountingServer {
  port: number
  url: string
  /** `METHOD /path` of every HTTP request that arrived, and `tcp` for every raw connection. */
  arrivals: string[]
  close(): Promise<void>
}

export async function countingServer(): Promise<CountingServer> {
  const arrivals: string[] = []
  const server = http.createServer((request, response) => {
    arrivals.push(`${request.method} ${request.url}`)
    response.setHeader('content-type', 'application/json')
    response.end('{"real":true}')
  })
  server.on('connection', () => arrivals.push('tcp'))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Settles with the error a call failed with, or `undefined` when it succeeded. */
export async function failure(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call()
    return undefined
  } catch (error) {
    return error
  }
}
