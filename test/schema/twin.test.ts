import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { loadTwin, loadTwinSync, parseTwin } from '../../src/schema/index.ts'
import { fixture, problemsOf, problemsOfAsync, shown, where } from './helpers.ts'

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
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/unknown-api-version.twin.yaml:1:13 unknown apiVersion "agenttwin/twin.v2"; supported versions are \`agenttwin/twin.v1\`, \`agenttwin/scenario.v1\`, \`agenttwin/contract.v1\` and \`agenttwin/attack.v1\` at apiVersion. Fix: use one of \`agenttwin/twin.v1\`, \`agenttwin/scenario.v1\`, \`agenttwin/contract.v1\` and \`agenttwin/attack.v1\` (did you mean \`agenttwin/twin.v1\`?)",
      ]
    `)
  })

  test('unknown handler kind lists the six kinds and adapter', () => {
    const found = twinProblems('unknown-handler-kind')
    expect(where(found)).toEqual(['16:13 tools[0].handler.kind'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/unknown-handler-kind.twin.yaml:16:13 unknown handler kind "mutat"; the handler kinds are \`static\`, \`read\`, \`list\`, \`create\`, \`mutate\`, \`delete\` and \`adapter\` at tools[0].handler.kind. Fix: use one of \`static\`, \`read\`, \`list\`, \`create\`, \`mutate\`, \`delete\` and \`adapter\` (did you mean \`mutate\`?)",
      ]
    `)
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
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/undeclared-argument.twin.yaml:11:16 placeholder \`{order}\` names \`order\`, which is not an argument of tool \`refund_payment\` (declared: \`order_id\` and \`amount\`) at tools[0].effectKey. Fix: declare \`order\` under the tool's \`input.properties\`, or fix the name",
        "<repo>/test/schema/fixtures/twin/undeclared-argument.twin.yaml:21:52 placeholder \`{amout}\` names \`amout\`, which is not an argument of tool \`refund_payment\` (declared: \`order_id\` and \`amount\`) at tools[0].handler.effects[0].by. Fix: declare \`amout\` under the tool's \`input.properties\`, or fix the name (did you mean \`amount\`?)",
        "<repo>/test/schema/fixtures/twin/undeclared-argument.twin.yaml:24:64 placeholder \`{$nw}\` names an unknown special \`$nw\` at tools[0].handler.response.body.when. Fix: use one of \`$id\`, \`$now\`, \`$seq\`, \`$tenant\`, \`$target\` and \`$items\` (did you mean \`$now\`?)",
      ]
    `)
  })

  test('__proto__ in a state path and in the fixtures', () => {
    const found = twinProblems('proto-path')
    expect(where(found)).toEqual(['6:5 state.orders.__proto__', '17:15 tools[0].handler.target'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/proto-path.twin.yaml:6:5 state key \`__proto__\`, which would reach the object prototype instead of the data at state.orders.__proto__. Fix: rename the key; \`__proto__\`, \`constructor\` and \`prototype\` cannot be used in state",
        "<repo>/test/schema/fixtures/twin/proto-path.twin.yaml:17:15 state path "orders.__proto__.{order_id}" uses \`__proto__\`, which would reach the object prototype instead of the data at tools[0].handler.target. Fix: rename the key; \`__proto__\`, \`constructor\` and \`prototype\` cannot be used in state",
      ]
    `)
  })

  test('the idempotency argument must be declared', () => {
    const found = twinProblems('idempotency-undeclared')
    expect(where(found)).toEqual(['11:30 tools[0].idempotency.argument'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/idempotency-undeclared.twin.yaml:11:30 the idempotency argument \`idempotency_key\` is not an argument of tool \`refund_payment\` at tools[0].idempotency.argument. Fix: declare \`idempotency_key\` under the tool's \`input.properties\` (a string the caller reuses on retries)",
      ]
    `)
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
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/bad-risk.twin.yaml:10:11 \`risk\` is "read", which is not one of \`READ\`, \`WRITE_REVERSIBLE\`, \`WRITE_IRREVERSIBLE\` and \`OUTBOUND_COMMUNICATION\` at tools[0].risk. Fix: use one of \`READ\`, \`WRITE_REVERSIBLE\`, \`WRITE_IRREVERSIBLE\` and \`OUTBOUND_COMMUNICATION\` (did you mean \`READ\`?)",
      ]
    `)
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
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/several-problems.twin.yaml:2:34 \`version\` must be a string, found the number 1 at metadata.version. Fix: write a string; quote it: \`'1'\`",
        "<repo>/test/schema/fixtures/twin/several-problems.twin.yaml:3:18 baseUrl "shop.twin.test" is not an absolute http(s) URL at http.baseUrl. Fix: write a full URL such as \`https://payments.twin.test\`",
        "<repo>/test/schema/fixtures/twin/several-problems.twin.yaml:6:11 \`name\` is "lookup-order", which is not an identifier (letters, digits and \`_\`, not starting with a digit) at tools[0].name. Fix: write it like \`refund_payment\`",
        "<repo>/test/schema/fixtures/twin/several-problems.twin.yaml:9:32 \`path\` is "orders/{order_id}", which is not a path starting with \`/\` at tools[0].http.path. Fix: write it like \`/orders/{order_id}\`",
        "<repo>/test/schema/fixtures/twin/several-problems.twin.yaml:10:5 the input schema does not compile: strict mode: unknown keyword: "requird" at tools[0].input. Fix: fix the JSON Schema (unknown keywords are errors, so a misspelt keyword is caught)",
        "<repo>/test/schema/fixtures/twin/several-problems.twin.yaml:18:27 \`status\` is 4040, it must be <= 599 at tools[0].handler.notFound.status. Fix: use an integer from 100 to 599",
      ]
    `)
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
