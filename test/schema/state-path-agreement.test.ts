import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AgentTwinError } from '../../src/core/errors.ts'
import { parsePath, pathOf, patternOf } from '../../src/core/state-path.ts'
import { parseTwin } from '../../src/schema/index.ts'
import { statePathIssues } from '../../src/schema/state-paths.ts'
import { renderPathTemplate } from '../../src/twin/index.ts'
import { problemsOf, shown, where } from './helpers.ts'

/** What the runtime reads from a path's text, or `refused`. */
function runtimeReads(read: () => string[]): string[] | 'refused' {
  try {
    return read()
  } catch (error) {
    expect(error).toBeInstanceOf(AgentTwinError)
    return 'refused'
  }
}

const TRICKY = [
  'orders.{order_id}.status',
  'customers.{customer.id}.email',
  'orders.{order_id',
  'orders.order_id}',
  'orders.{{x}}',
  'orders.}{',
  'a..b',
  '.a',
  'a.',
  'orders["o.1"].status',
  'orders["o.1"',
  'orders["o.1"]x',
  'orders.*.status',
  'orders["*"]',
  'a.__proto__',
  'a["prototype"]',
  'items[0]',
]

/**
 * The validator accepts a path exactly when the runtime reads it, and the
 * throwing helper reads the segments the problem-returning parser does.
 */
function agree(text: string): void {
  const valid = statePathIssues(text, ['target']).length === 0
  const runtime = runtimeReads(() => pathOf(text))
  const parsed = parsePath(text)
  expect(runtime === 'refused', `runtime on ${JSON.stringify(text)}`).toBe(!valid)
  expect(runtime, `parser on ${JSON.stringify(text)}`).toEqual(
    parsed.ok ? parsed.segments : 'refused',
  )
}

describe('the validator and the runtime read a state path the same way', () => {
  it.each(TRICKY)('%j', (text) => agree(text))

  it('for any text of path characters', () => {
    const text = fc
      .string({
        unit: fc.constantFrom('a', 'b', '.', '{', '}', '[', ']', '"', '*', '_'),
        minLength: 1,
      })
      .filter((value) => value !== '')
    fc.assert(fc.property(text, agree), { numRuns: 1000 })
  })

  it('a placeholder holding dots is one segment in both', () => {
    expect(statePathIssues('customers.{customer.id}.email', [])).toEqual([])
    expect(
      renderPathTemplate('customers.{customer.id}.email', { args: { customer: { id: 'c.7' } } }),
    ).toEqual(['customers', 'c.7', 'email'])
  })

  it('patterns take `*` where paths refuse it', () => {
    expect(statePathIssues('orders.*.at', ['volatile', 0], 'pattern')).toEqual([])
    expect(() => patternOf('orders.*.at')).not.toThrow()
    expect(statePathIssues('orders.*.at', ['target'])).toMatchInlineSnapshot(`
      [
        {
          "fix": "name the key this path addresses; for a key that really is \`*\`, write \`["*"]\`",
          "message": "state path "orders.*.at" uses \`*\`, which is a wildcard only in patterns (volatile, sensitive, allowed changes)",
          "path": [
            "target",
          ],
        },
      ]
    `)
  })
})

describe('a twin document with `*` in a handler target', () => {
  const yaml = `apiVersion: agenttwin/twin.v1
metadata: { name: star, version: '1' }
http: { baseUrl: 'http://localhost:4010' }
state: { orders: {} }
volatile: ['orders.*.updated_at']
tools:
  - name: close_all
    description: Closes an order.
    risk: WRITE_REVERSIBLE
    input: { type: object }
    handler:
      kind: mutate
      target: orders.*
      effects: [{ op: set, path: status, value: closed }]
`
  it('is refused at the line and column of the target, saying how to write a key named `*`', () => {
    const found = problemsOf(() => parseTwin(yaml, 'star.twin.yaml'))
    expect(where(found)).toEqual(['13:15 tools[0].handler.target'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "star.twin.yaml:13:15 state path "orders.*" uses \`*\`, which is a wildcard only in patterns (volatile, sensitive, allowed changes) at tools[0].handler.target. Fix: name the key this path addresses; for a key that really is \`*\`, write \`["*"]\`",
      ]
    `)
  })

  it('loads once the key is quoted; the volatile pattern keeps its wildcard', () => {
    const twin = parseTwin(
      yaml.replace('target: orders.*', `target: 'orders["*"]'`),
      'star.twin.yaml',
    )
    expect(twin.tools[0]!.handler).toMatchObject({ target: 'orders["*"]' })
  })
})
