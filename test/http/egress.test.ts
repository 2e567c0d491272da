import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { withModelHostEgress } from '../../src/http/egress.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'

// Captured before any interception: a connection that only the socket guard sees.
const networkFetch = globalThis.fetch

describe('egress for a configured model host', () => {
  let server: Server
  let url: string
  let network: Interception

  beforeEach(async () => {
    server = createServer((_request, response) => response.end('{"label":"pass"}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`
    network = createInterception()
  })

  afterEach(async () => {
    network.dispose()
    await new Promise((resolve) => server.close(resolve))
  })

  it('lets a call made inside withModelHostEgress reach that host while the guard is on', async () => {
    const response = await withModelHostEgress('127.0.0.1', () =>
      networkFetch(url, { method: 'POST' }),
    )
    expect(await response.text()).toBe('{"label":"pass"}')
    expect(network.unhandled).toEqual([])
  })

  it('refuses a host other than the one allowed, even inside withModelHostEgress', async () => {
    const error = await withModelHostEgress('api.openai.com', () =>
      networkFetch(url, { method: 'POST' }),
    ).then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(TypeError)
    expect(network.unhandled).toHaveLength(1)
  })

  it('still refuses the same endpoint outside withModelHostEgress, as it would an agent', async () => {
    const error = await networkFetch(url, { method: 'POST' }).then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(TypeError)
    expect(network.unhandled.map((request) => request.url)).toEqual([
      expect.stringContaining('127.0.0.1'),
    ])
  })
})
