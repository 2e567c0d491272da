import { describe, expect, it } from 'vitest'
import { coerceArgument } from '../../src/http/coerce.ts'
import { DuplicateToolRouteError } from '../../src/http/errors.ts'
import { matchRoute, ownsUrl, twinRoutes } from '../../src/http/routes.ts'
import type { ToolDefinition } from '../../src/schema/twin-document.ts'

function tool(name: string, http?: ToolDefinition['http']): ToolDefinition {
  return {
    name,
    description: name,
    risk: 'READ',
    ...(http ? { http } : {}),
    input: { type: 'object' },
    handler: { kind: 'static', response: { status: 200 } },
  }
}

const surface = twinRoutes({
  name: 'api',
  baseUrl: 'https://API.example.test:443/v1/',
  tools: [
    tool('get_order', { method: 'GET', path: '/orders/:order_id' }),
    tool('order_summary', { method: 'GET', path: '/orders/summary' }),
    tool('refund'),
  ],
})

describe('twinRoutes', () => {
  it('normalises the base URL and maps tools, defaulting to POST /tools/{name}', () => {
    expect(surface.origin).toBe('https://api.example.test')
    expect(surface.basePath).toBe('/v1')
    expect(surface.routes.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET https://api.example.test/v1/orders/:order_id',
      'GET https://api.example.test/v1/orders/summary',
      'POST https://api.example.test/v1/tools/refund',
    ])
  })

  it('refuses two tools on the same method and path shape', () => {
    const build = () =>
      twinRoutes({
        name: 'api',
        baseUrl: 'https://api.example.test',
        tools: [
          tool('a', { method: 'GET', path: '/x/:id' }),
          tool('b', { method: 'GET', path: '/x/:key' }),
        ],
      })
    expect(build).toThrow(DuplicateToolRouteError)
    expect(build).toThrow('Twin "api": tools "a" and "b" both answer GET /x/:key.')
  })
})

describe('ownsUrl', () => {
  it.each([
    ['https://api.example.test/v1/orders/1', true],
    ['https://api.example.test/v1', true],
    ['https://api.example.test/v10/orders', false],
    ['https://api.example.test/v2/orders', false],
    ['http://api.example.test/v1/orders', false],
    ['https://api.example.test:8443/v1/orders', false],
  ])('%s → %s', (url, owned) => {
    expect(ownsUrl(surface, new URL(url))).toBe(owned)
  })
})

describe('matchRoute', () => {
  const at = (method: string, path: string) =>
    matchRoute(surface, method, new URL(`https://api.example.test/v1${path}`))

  it('captures and decodes path parameters, tolerating a trailing slash', () => {
    expect(at('GET', '/orders/ORD%2F7/')).toMatchObject({
      kind: 'tool',
      params: { order_id: 'ORD/7' },
    })
  })

  it('prefers a literal segment over a parameter', () => {
    expect(at('GET', '/orders/summary')).toMatchObject({
      kind: 'tool',
      route: { tool: { name: 'order_summary' } },
    })
  })

  it('tells a wrong method from an unknown path', () => {
    expect(at('DELETE', '/orders/7')).toEqual({ kind: 'wrong-method', allowed: ['GET'] })
    expect(at('GET', '/customers/7')).toEqual({ kind: 'unknown' })
    expect(at('GET', '/orders/%E0%A4%A')).toEqual({ kind: 'unknown' })
  })
})

describe('coerceArgument', () => {
  it.each([
    [{ type: 'integer' }, ['40'], 40],
    [{ type: 'number' }, ['-1.5e2'], -150],
    [{ type: 'number' }, ['40 USD'], '40 USD'],
    [{ type: 'boolean' }, ['true'], true],
    [{ type: 'boolean' }, ['yes'], 'yes'],
    [{ type: ['integer', 'null'] }, ['null'], null],
    [{ type: ['string', 'number'] }, ['7'], '7'],
    [{ type: 'array', items: { type: 'integer' } }, ['1', '2'], [1, 2]],
    [{ type: 'string' }, ['a', 'b'], ['a', 'b']],
    [undefined, ['7'], '7'],
  ])('%j %j → %j', (schema, texts, expected) => {
    expect(coerceArgument(schema, texts)).toEqual(expected)
  })
})
