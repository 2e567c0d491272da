import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { loadTwin, loadTwinSync, parseTwin } from '../../src/schema/index.ts'
import { fixture, problemsOf, problemsOfAsync, where } from './helpers.ts'

function twinProblems(name: string) {
  return problemsOf(() => loadTwinSync(fixture(`twin/${name}.twin.yaml`)))
}

describe('loading a valid twin', () => {
  test('gives each load its own document, also when the same text was read before', () => {
    const first = loadTwinSync(fixture('valid/payments.twin.yaml'))
    first.tools.pop()
    first.metadata.name = 'changed by the caller'
    const second = loadTwinSync(fixture('valid/payments.twin.yaml'))
    expect(second.metadata.name).toBe('demo-co-payments')
    expect(second.tools).toHaveLength(5)
  })

  test('gives the document with its tools', async () => {
    const twin = await loadTwin(fixture('valid/payments.twin.yaml'))
    expect(twin.metadata.name).toBe('demo-co-payments')
    expect(twin.tools.map((tool) => tool.name)).toEqual([
      'lookup_order',
      'get_refund_policy',
      'refund_payment',
      'send_customer_email',
      'handoff_to_human',
    ])
    expect(twin.tools[2]!.handler).toMatchObject({ kind: 'mutate', target: 'orders.{order_id}' })
  })

  test('sync and async loading agree', async () => {
    const file = fixture('valid/payments.twin.yaml')
    expect(loadTwinSync(file)).toEqual(await loadTwin(file))
  })

  test('JSON text is read as well as YAML', () => {
    const twin = parseTwin(
      JSON.stringify({
        apiVersion: 'agenttwin/twin.v1',
        metadata: { name: 'tiny', version: '1' },
        http: { baseUrl: 'http://localhost:4010' },
        state: {},
        tools: [
          {
            name: 'ping',
            description: 'Answers pong.',
            risk: 'READ',
            input: { type: 'object' },
            handler: { kind: 'static', response: { status: 200, body: 'pong' } },
          },
        ],
      }),
      'tiny.twin.json',
    )
    expect(twin.tools[0]!.name).toBe('ping')
  })
})

describe('refusing an invalid twin, at the line and column of the problem', () => {
  test('unknown apiVersion names the supported versions', () => {
    const found = twinProblems('unknown-api-version')
    expect(where(found)).toEqual(['1:13 apiVersion'])
    expect(found[0]!.message).toMatch(/^unknown apiVersion "agenttwin\/twin\.v2"; supported/)
    expect(found[0]!.message).toContain('`agenttwin/twin.v1`')
    expect(found[0]!.fix).toContain('did you mean `agenttwin/twin.v1`?')
  })

  test('unknown handler kind lists the six kinds and adapter', () => {
    const found = twinProblems('unknown-handler-kind')
    expect(where(found)).toEqual(['16:13 tools[0].handler.kind'])
    expect(found[0]!.message).toBe(
      'unknown handler kind "mutat"; the handler kinds are `static`, `read`, `list`, `create`, `mutate`, `delete` and `adapter`',
    )
    expect(found[0]!.fix).toContain('did you mean `mutate`?')
  })

  test('unknown property names the allowed ones and the closest, once (not also as missing)', () => {
    const found = twinProblems('unknown-property')
    expect(where(found)).toEqual(['17:7 tools[0].handler.targte'])
    expect(found[0]!.message).toBe(
      'unknown field `targte`; allowed here: `kind`, `target`, `notFound` and `response`',
    )
    expect(found[0]!.fix).toBe('rename `targte` to `target` (did you mean `target`?)')
  })

  test('a template naming an undeclared argument or an unknown special', () => {
    const found = twinProblems('undeclared-argument')
    expect(where(found)).toEqual([
      '11:16 tools[0].effectKey',
      '21:52 tools[0].handler.effects[0].by',
      '24:64 tools[0].handler.response.body.when',
    ])
    expect(found[0]!.message).toContain('`{order}` names `order`, which is not an argument')
    expect(found[1]!.fix).toContain('did you mean `amount`?')
    expect(found[2]!.message).toContain('unknown special `$nw`')
    expect(found[2]!.fix).toContain('did you mean `$now`?')
  })

  test('__proto__ in a state path and in the fixtures', () => {
    const found = twinProblems('proto-path')
    expect(where(found)).toEqual(['6:5 state.orders.__proto__', '17:15 tools[0].handler.target'])
    expect(found[0]!.message).toContain('`__proto__`')
    expect(found[1]!.message).toContain('"orders.__proto__.{order_id}" uses `__proto__`')
  })

  test('the idempotency argument must be declared', () => {
    const found = twinProblems('idempotency-undeclared')
    expect(where(found)).toEqual(['11:30 tools[0].idempotency.argument'])
    expect(found[0]!.message).toContain('`idempotency_key` is not an argument of tool')
  })

  test('duplicate tool names and two tools on one route', () => {
    const found = twinProblems('duplicate-tool')
    expect(where(found)).toEqual(['17:11 tools[1].name', '25:5 tools[2].http'])
    expect(found[0]!.message).toBe('tool name `lookup_order` is used twice (first by tools[0])')
    expect(found[1]!.message).toBe(
      'tool `get_order` answers GET /orders/{id}, the same route as tools[0]',
    )
  })

  test('a risk level that does not exist', () => {
    const found = twinProblems('bad-risk')
    expect(where(found)).toEqual(['10:11 tools[0].risk'])
    expect(found[0]!.message).toContain('"read", which is not one of `READ`')
    expect(found[0]!.fix).toContain('did you mean `READ`?')
  })

  test('several problems in one document are all reported, in order', () => {
    const found = twinProblems('several-problems')
    expect(where(found)).toEqual([
      '2:34 metadata.version',
      '3:18 http.baseUrl',
      '6:11 tools[0].name',
      '9:32 tools[0].http.path',
      '10:5 tools[0].input',
      '18:27 tools[0].handler.notFound.status',
    ])
    expect(found[0]!.fix).toContain("quote it: `'1'`")
    expect(found[1]!.message).toContain('not an absolute http(s) URL')
    expect(found[2]!.message).toContain('not an identifier')
    expect(found[3]!.message).toContain('not a path starting with `/`')
    expect(found[4]!.message).toContain('unknown keyword: "requird"')
    expect(found[5]!.fix).toBe('use an integer from 100 to 599')
  })

  test('a YAML merge key gets its own explanation', () => {
    const text = [
      'apiVersion: agenttwin/twin.v1',
      'metadata:',
      '  <<: { name: shop }',
      '  version: "1"',
    ].join('\n')
    const found = problemsOf(() => parseTwin(text, 'merge.yaml'))
    const merge = found.find((problem) => problem.path === 'metadata["<<"]')
    expect(merge).toMatchObject({ line: 3, column: 3 })
    expect(merge?.message).toBe('YAML merge keys (`<<`) are not supported in documents')
  })

  test('a missing file is a problem of that file', async () => {
    const found = await problemsOfAsync(() => loadTwin(fixture('twin/no-such.twin.yaml')))
    expect(found).toEqual([
      expect.objectContaining({
        file: fixture('twin/no-such.twin.yaml'),
        line: 1,
        column: 1,
        message: 'the file does not exist',
      }),
    ])
  })

  test('a scenario given where a twin is expected', () => {
    const file = fixture('valid/refund-timeout.scenario.yaml')
    const found = problemsOf(() => parseTwin(readFileSync(file, 'utf8'), file))
    expect(where(found)).toEqual(['1:13 apiVersion'])
    expect(found[0]!.message).toBe(
      'this is a scenario document (agenttwin/scenario.v1), not a twin',
    )
  })

  test('the error message lists every problem as file:line:col', () => {
    const file = fixture('twin/duplicate-tool.twin.yaml')
    const error = (() => {
      try {
        loadTwinSync(file)
      } catch (caught) {
        return caught as Error & { code: string }
      }
    })()
    expect(error?.code).toBe('AGENTTWIN_INVALID_DOCUMENT')
    expect(error?.message.split('\n')).toEqual([
      '2 problems:',
      expect.stringMatching(
        /duplicate-tool\.twin\.yaml:17:11 tool name `lookup_order` is used twice/,
      ),
      expect.stringMatching(/duplicate-tool\.twin\.yaml:25:5 tool `get_order` answers GET/),
    ])
  })
})
