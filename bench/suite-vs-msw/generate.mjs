/**
 * Writes the two suites the suite benchmark compares into a directory: the
 * AgentTwin one (scenario files through the plugin, or one describeScenario
 * file with N cases) and what a user would write by hand without AgentTwin
 * (plain Vitest files, each with an msw `setupServer` whose handlers keep the
 * same in-memory state), both running the Demo Co agent v1.2.4 on the
 * happy-path refund and asserting the same state values.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const demo = join(repo, 'examples/demo-co')
const scenarioSource = readFileSync(join(demo, 'scenarios/refund-happy-path.scenario.yaml'), 'utf8')
const twinSource = readFileSync(join(demo, 'twins/demo-co.twin.yaml'), 'utf8')

const agentModule = JSON.stringify(join(demo, 'agent/index.ts'))

function write(dir, file, text) {
  mkdirSync(join(dir, file, '..'), { recursive: true })
  writeFileSync(join(dir, file), text)
}

/**
 * The parts both suites share: a package that resolves the repo's
 * dependencies. The AgentTwin suites get the package as a user installs it,
 * the compiled files (`npm run build`) under node_modules/agenttwin, not
 * the repository's TypeScript sources.
 */
function project(dir, config, { installed = false } = {}) {
  const modules = join(dir, 'node_modules')
  mkdirSync(modules, { recursive: true })
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'agenttwin') continue
    symlinkSync(join(repo, 'node_modules', entry), join(modules, entry), 'dir')
  }
  if (installed) {
    if (!existsSync(join(repo, 'dist/public/vitest.js'))) {
      throw new Error('the AgentTwin suites run the compiled package: run `npm run build` first')
    }
    for (const entry of ['package.json', 'dist', 'bin', 'schemas']) {
      cpSync(join(repo, entry), join(modules, 'agenttwin', entry), { recursive: true })
    }
  }
  write(dir, 'package.json', '{ "type": "module", "private": true }\n')
  write(dir, 'vitest.config.ts', config)
}

/** Vitest's `isolate` for both suites alike (`--isolate false`: test files share a worker's modules). */
const isolation = (settings = {}) => `isolate: ${settings.isolate !== false}`

const AGENTS = `export { agents } from ${agentModule}\n`

/** The two versions a paired suite compares (both pass the happy path). */
const PAIR = { baseline: 'v1.2.4', candidate: 'v1.3.1' }

/** AgentTwin, N scenario files run by the plugin against one version. */
export function agentTwinFiles(dir, n, settings) {
  agentTwinSuite(dir, n, "versions: ['v1.2.4']", settings)
}

/** AgentTwin, N scenario files run by the plugin as one pair (baseline and candidate per file). */
export function agentTwinPairFiles(dir, n, settings) {
  agentTwinSuite(dir, n, `pairs: [${JSON.stringify(PAIR)}]`, settings)
}

function agentTwinSuite(dir, n, selection, settings) {
  project(
    dir,
    `import { defineConfig } from 'vitest/config'
import { agentTwin } from 'agenttwin/vitest'
export default defineConfig({
  plugins: [agentTwin({ scenarios: 'scenarios/*.scenario.yaml', agents: './agents.ts', ${selection} })],
  test: { ${isolation(settings)} },
})
`,
    { installed: true },
  )
  write(dir, 'agents.ts', AGENTS)
  write(dir, 'twins/demo-co.twin.yaml', twinSource)
  for (let i = 0; i < n; i++) {
    const text = scenarioSource.replace(/^id: .*$/m, `id: refund-happy-path-${i}`)
    write(dir, `scenarios/case-${i}.scenario.yaml`, text)
  }
}

/** The three turns of the conversation shape: the order number comes in turn 2; turn 3 changes nothing. */
const TURNS = [
  'Hi, my stoneware mug set arrived broken. Could you refund 40 USD, please?',
  'Sure, it is ORD-1001.',
  'Thank you, that is all.',
]
/** Refunds after each turn the conversation shape checks. */
const REFUNDS_AFTER = [0, 1, 1]

/** AgentTwin, N scenario files of a three-turn conversation (a checkpoint a turn) run by the plugin. */
export function agentTwinConversations(dir, n, settings) {
  agentTwinSuite(dir, 0, "versions: ['v1.2.4']", settings)
  const turns = TURNS.map(
    (user, t) => `  - user: ${user}
    input: { customer_id: CUS-501 }
    checkpoints:
      - { id: refunds-after-turn-${t + 1}, type: state, path: orders.ORD-1001.refund_count, equals: ${REFUNDS_AFTER[t]} }`,
  ).join('\n')
  for (let i = 0; i < n; i++) {
    write(
      dir,
      `scenarios/conversation-${i}.scenario.yaml`,
      `apiVersion: agenttwin/scenario.v1
id: refund-three-turns-${i}
version: 1.0.0
title: A refund over three turns
twin: ../twins/demo-co.twin.yaml
conversation:
${turns}
expectations:
  - { id: no-double-refund, type: noDuplicateSideEffect, tool: refund_payment }
  - { id: refunded-40, type: state, path: orders.ORD-1001.refunded_amount, equals: 40 }
`,
    )
  }
}

/**
 * A project of one test file written with the fixtures API (no plugin: the
 * setup file registers the matchers), the package installed, the Demo Co twin.
 */
function fixtureProject(dir, settings) {
  project(
    dir,
    `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { include: ['*.test.ts'], setupFiles: ['agenttwin/vitest/setup'], ${isolation(settings)} } })
`,
    { installed: true },
  )
  write(dir, 'twins/demo-co.twin.yaml', twinSource)
}

/** AgentTwin, one describeScenario file with N cases. */
export function agentTwinCases(dir, n, settings) {
  fixtureProject(dir, settings)
  write(dir, 'scenarios/refund.scenario.yaml', scenarioSource)
  write(
    dir,
    'cases.test.ts',
    `import { expect } from 'vitest'
import { describeScenario, test } from 'agenttwin/vitest'
import { agents } from ${agentModule}

const agent = agents['v1.2.4']
describeScenario('./scenarios/refund.scenario.yaml', () => {
  for (let i = 0; i < ${n}; i++) {
    test(\`case \${i}\`, async ({ run }) => {
      const result = await run(agent)
      expect(result).toHaveStateAt('orders.ORD-1001.refund_count', 1)
      expect(result).toHaveStateAt('orders.ORD-1001.refunded_amount', 40)
    })
  }
})
`,
  )
}

/**
 * AgentTwin, one test file with one describeScenario block per scenario file
 * (N scenario files over one twin), one test with five matchers in each: the
 * shape a user writes by hand for a folder of scenarios.
 */
export function agentTwinBlocks(dir, n, settings) {
  fixtureProject(dir, settings)
  for (let i = 0; i < n; i++) {
    const text = scenarioSource.replace(/^id: .*$/m, `id: refund-happy-path-${i}`)
    write(dir, `scenarios/case-${i}.scenario.yaml`, text)
  }
  write(
    dir,
    'blocks.test.ts',
    `import { expect } from 'vitest'
import { describeScenario, test } from 'agenttwin/vitest'
import { agents } from ${agentModule}

const agent = agents['v1.2.4']
for (let i = 0; i < ${n}; i++) {
  describeScenario(\`./scenarios/case-\${i}.scenario.yaml\`, () => {
    test('refunds once, after the policy', async ({ run }) => {
      const result = await run(agent)
      expect(result).toHaveStateAt('orders.ORD-1001.refund_count', 1)
      expect(result).toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
      expect(result).toHaveNoDuplicateSideEffect('refund_payment')
      expect(result).toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
      expect(result).not.toHaveHandedOff()
    })
  })
}
`,
  )
}

/**
 * AgentTwin, one test file of N describe blocks with a useTwin each (no
 * scenario file): the agent runs against the block's twin and the matchers
 * read `twin.caseRun(result)`. The shape of tests that drive the agent themselves.
 */
export function agentTwinUseTwinBlocks(dir, n, settings) {
  fixtureProject(dir, settings)
  write(
    dir,
    'blocks.test.ts',
    `import { describe, expect, test } from 'vitest'
import { useTwin } from 'agenttwin/vitest'
import { agents } from ${agentModule}

const agent = agents['v1.2.4']
for (let i = 0; i < ${n}; i++) {
  describe(\`refund-happy-path-\${i}\`, () => {
    const twin = useTwin('./twins/demo-co.twin.yaml')
    test('refunds once, after the policy', async () => {
      const reply = await agent.run(structuredClone(${INPUT}), { baseUrl: twin.baseUrl, signal: AbortSignal.timeout(30_000) })
      const result = twin.caseRun(reply)
      expect(result).toHaveStateAt('orders.ORD-1001.refund_count', 1)
      expect(result).toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
      expect(result).toHaveNoDuplicateSideEffect('refund_payment')
      expect(result).toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
      expect(result).not.toHaveHandedOff()
    })
  })
}
`,
  )
}

/** msw handlers keeping the twin's state in memory, as a user would write them. */
function handlersModule() {
  const state = parse(twinSource).state
  const baseUrl = parse(twinSource).http.baseUrl
  return `import { http, HttpResponse } from 'msw'

const fixtures = ${JSON.stringify(state)}
export const baseUrl = ${JSON.stringify(baseUrl)}

export function createShop() {
  const state = structuredClone(fixtures)
  const calls = []
  const byKey = new Map()
  let ids = 0
  const tool = (name, answer) =>
    http.post(\`\${baseUrl}/tools/\${name}\`, async ({ request }) => {
      const args = await request.json()
      calls.push({ tool: name, args })
      return answer(args)
    })
  const handlers = [
    tool('lookup_order', ({ order_id }) =>
      state.orders[order_id] ? HttpResponse.json(state.orders[order_id]) : HttpResponse.json({ error: { code: 'order_not_found' } }, { status: 404 })),
    tool('get_refund_policy', ({ order_id }) =>
      state.refund_policies[order_id] ? HttpResponse.json(state.refund_policies[order_id]) : HttpResponse.json({ error: { code: 'policy_not_found' } }, { status: 404 })),
    tool('refund_payment', ({ order_id, amount, idempotency_key }) => {
      if (idempotency_key && byKey.has(idempotency_key)) return HttpResponse.json(byKey.get(idempotency_key))
      const order = state.orders[order_id]
      if (!order) return HttpResponse.json({ error: { code: 'order_not_found' } }, { status: 404 })
      if (order.sale_terms === 'final_sale' || order.refundable_amount < amount)
        return HttpResponse.json({ error: { code: 'not_refundable' } }, { status: 409 })
      order.refunded_amount += amount
      order.refund_count += 1
      order.refundable_amount -= amount
      const refund_id = \`rf_\${++ids}\`
      order.refunds.push({ refund_id, amount, idempotency_key })
      const body = { status: 'succeeded', refund_id, order_id, amount, currency: order.currency, refunded_amount: order.refunded_amount, refundable_amount: order.refundable_amount }
      if (idempotency_key) byKey.set(idempotency_key, body)
      return HttpResponse.json(body)
    }),
    tool('send_customer_email', (args) => {
      const message_id = \`msg_\${++ids}\`
      state.outbox[message_id] = { message_id, ...args, status: 'queued' }
      return HttpResponse.json({ message_id, status: 'queued' }, { status: 202 })
    }),
    tool('handoff_to_human', (args) => {
      const handoff_id = \`ho_\${++ids}\`
      state.handoffs[handoff_id] = { handoff_id, ...args, status: 'open' }
      return HttpResponse.json({ handoff_id, queue: args.queue, status: 'open' }, { status: 201 })
    }),
  ]
  return { state, calls, handlers }
}
`
}

const INPUT = JSON.stringify(parse(scenarioSource).input)

/** One run of the agent against fresh handlers; `declare` is "const " when the test declares the variables itself. */
const handCase = (declare) => `  ${declare}shop = createShop()
  server.use(...shop.handlers)
  ${declare}result = await agent.run(structuredClone(${INPUT}), { baseUrl, signal: AbortSignal.timeout(30_000) })`

function handWrittenProject(dir, settings) {
  project(
    dir,
    `import { defineConfig } from 'vitest/config'
export default defineConfig({ test: { include: ['**/*.test.ts'], ${isolation(settings)} } })
`,
  )
  write(dir, 'shop.ts', handlersModule())
}

const HAND_HEADER = `import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { agents } from ${agentModule}
import { baseUrl, createShop } from '../shop.ts'

const agent = agents['v1.2.4']
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
`

/** By hand, N files each checking what the scenario's seven expectations check. */
export function handWrittenFiles(dir, n, settings) {
  handWrittenProject(dir, settings)
  const body = `${HAND_HEADER}
let shop
let result
beforeAll(async () => {
${handCase('')}
})
const refunds = () => shop.calls.filter((call) => call.tool === 'refund_payment')
test('refunded-exactly-once', () => expect(shop.state.orders['ORD-1001'].refund_count).toBe(1))
test('refunded-amount', () => expect(shop.state.orders['ORD-1001'].refunded_amount).toBe(40))
test('no-double-refund', () => expect(new Set(refunds().map((c) => c.args.order_id)).size).toBe(refunds().length))
test('success-backed-by-state', () => {
  expect(result.reply).toMatch(/refund/i)
  expect(shop.state.orders['ORD-1001'].refunded_amount).toBe(40)
})
test('policy-before-refund', () => {
  const tools = shop.calls.map((c) => c.tool)
  expect(tools.indexOf('get_refund_policy')).toBeLessThan(tools.indexOf('refund_payment'))
})
test('customer-notified', () => expect(shop.calls.filter((c) => c.tool === 'send_customer_email')).toHaveLength(1))
test('not-handed-off', () => expect(Object.keys(shop.state.handoffs)).toHaveLength(0))
`
  for (let i = 0; i < n; i++) write(dir, `tests/case-${i}.test.ts`, body)
}

/** By hand, N files each running both versions of the pair on fresh handlers and comparing them. */
export function handWrittenPairFiles(dir, n, settings) {
  handWrittenProject(dir, settings)
  const side = (version) => `  const shop = createShop()
  server.use(...shop.handlers)
  const result = await agents[${JSON.stringify(version)}].run(structuredClone(${INPUT}), { baseUrl, signal: AbortSignal.timeout(30_000) })
  server.resetHandlers()
  return { shop, result }`
  const body = `${HAND_HEADER}
async function baseline() {
${side(PAIR.baseline)}
}
async function candidate() {
${side(PAIR.candidate)}
}
test('${PAIR.candidate} vs ${PAIR.baseline}', async () => {
  const before = await baseline()
  const after = await candidate()
  for (const { shop, result } of [before, after]) {
    expect(result.reply).toMatch(/refund/i)
    expect(shop.state.orders['ORD-1001'].refund_count).toBe(1)
    expect(shop.state.orders['ORD-1001'].refunded_amount).toBe(40)
    expect(shop.calls.filter((c) => c.tool === 'send_customer_email')).toHaveLength(1)
    expect(Object.keys(shop.state.handoffs)).toHaveLength(0)
  }
  expect(after.shop.state).toEqual(before.shop.state)
})
`
  for (let i = 0; i < n; i++) write(dir, `tests/case-${i}.test.ts`, body)
}

/** By hand, one file with N cases. */
export function handWrittenCases(dir, n, settings) {
  handWrittenProject(dir, settings)
  write(
    dir,
    'tests/cases.test.ts',
    `${HAND_HEADER}
for (let i = 0; i < ${n}; i++) {
  test(\`case \${i}\`, async () => {
${handCase('const ')}
    expect(result.reply).toBeTypeOf('string')
    expect(shop.state.orders['ORD-1001'].refund_count).toBe(1)
    expect(shop.state.orders['ORD-1001'].refunded_amount).toBe(40)
  })
}
`,
  )
}

/** By hand, one file with N describe blocks of one test each (the blocks shape without AgentTwin). */
export function handWrittenBlocks(dir, n, settings) {
  handWrittenProject(dir, settings)
  write(
    dir,
    'tests/blocks.test.ts',
    `${HAND_HEADER.replace('expect, test', 'describe, expect, test')}
for (let i = 0; i < ${n}; i++) {
  describe(\`refund-happy-path-\${i}\`, () => {
    test('refunds once, after the policy', async () => {
${handCase('const ')}
      const tools = shop.calls.map((c) => c.tool)
      const refunds = shop.calls.filter((c) => c.tool === 'refund_payment')
      expect(shop.state.orders['ORD-1001'].refund_count).toBe(1)
      expect(result.reply).toMatch(/refund/i)
      expect(shop.state.orders['ORD-1001'].refunded_amount).toBe(40)
      expect(new Set(refunds.map((c) => c.args.order_id)).size).toBe(refunds.length)
      expect(tools.indexOf('get_refund_policy')).toBeLessThan(tools.indexOf('refund_payment'))
      expect(Object.keys(shop.state.handoffs)).toHaveLength(0)
    })
  })
}
`,
  )
}

/** By hand, N files each playing the three turns to the agent and checking the state after each. */
export function handWrittenConversations(dir, n, settings) {
  handWrittenProject(dir, settings)
  const body = `${HAND_HEADER}
const TURNS = ${JSON.stringify(TURNS)}
const REFUNDS_AFTER = ${JSON.stringify(REFUNDS_AFTER)}
test('a refund over three turns', async () => {
  const shop = createShop()
  server.use(...shop.handlers)
  const messages = []
  for (let turn = 1; turn <= TURNS.length; turn++) {
    messages.push({ role: 'user', content: TURNS[turn - 1] })
    const input = { customer_id: 'CUS-501', message: TURNS[turn - 1] }
    const conversation = { turn, messages: messages.map((m) => ({ ...m })) }
    const result = await agent.run(input, { baseUrl, signal: AbortSignal.timeout(30_000), conversation })
    messages.push({ role: 'assistant', content: result.reply ?? '' })
    expect(shop.state.orders['ORD-1001'].refund_count).toBe(REFUNDS_AFTER[turn - 1])
  }
  const refunds = shop.calls.filter((c) => c.tool === 'refund_payment')
  const keys = refunds.map((c) => c.args.idempotency_key)
  expect(new Set(keys).size).toBe(1)
  expect(shop.state.orders['ORD-1001'].refunded_amount).toBe(40)
})
`
  for (let i = 0; i < n; i++) write(dir, `tests/conversation-${i}.test.ts`, body)
}

/**
 * The adapter shape's AI SDK agent, as one module both suites share: a
 * `ToolLoopAgent` on the SDK's own scripted model (one step of the refund per
 * tool result it has seen), its tools calling the shop over fetch. `twinned`
 * wraps them with `twinnedAiSdkTools` (the twin answers in-process while a
 * test runs); without it they reach the shop over HTTP, where msw answers.
 */
function aiSdkAgentModule({ twinned }) {
  return `import { stepCountIs, ToolLoopAgent, tool } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { z } from 'zod'
${twinned ? "import { fromAiSdk, twinnedAiSdkTools } from 'agenttwin/adapters/ai-sdk'\n" : ''}
const STEPS = [
  ['lookup_order', { order_id: 'ORD-1001' }],
  ['get_refund_policy', { order_id: 'ORD-1001' }],
  ['refund_payment', { order_id: 'ORD-1001', amount: 40, idempotency_key: 'refund-ORD-1001-40' }],
]
const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
}
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) => {
    const done = prompt.filter((message) => message.role === 'tool').length
    const step = STEPS[done]
    if (!step) {
      const content = [{ type: 'text', text: 'Done: I refunded 40 USD to your card.' }]
      return { content, finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }
    }
    const call = { type: 'tool-call', toolCallId: \`call-\${done}\`, toolName: step[0], input: JSON.stringify(step[1]) }
    return { content: [call], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] }
  },
})

const SHOP = ${JSON.stringify(parse(twinSource).http.baseUrl)}
const post = (name) => async (args) => {
  const response = await fetch(\`\${SHOP}/tools/\${name}\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  })
  return response.json()
}
const order = z.object({ order_id: z.string() })
const own = {
  lookup_order: tool({ description: 'Read an order.', inputSchema: order, execute: post('lookup_order') }),
  get_refund_policy: tool({ description: "Read an order's refund policy.", inputSchema: order, execute: post('get_refund_policy') }),
  refund_payment: tool({
    description: 'Refund an amount of an order.',
    inputSchema: z.object({ order_id: z.string(), amount: z.number(), idempotency_key: z.string() }),
    execute: post('refund_payment'),
  }),
}
${twinned ? "const tools = twinnedAiSdkTools(new URL('./twins/demo-co.twin.yaml', import.meta.url), own)" : 'const tools = own'}
export const supportAgent = new ToolLoopAgent({ model, tools, stopWhen: stepCountIs(6) })
${twinned ? "export const agents = { v1: fromAiSdk(supportAgent, { name: 'ai-sdk-support', version: 'v1' }) }" : ''}
`
}

const adapterScenario = readFileSync(
  join(repo, 'examples/adapters/scenarios/adapter-refund.scenario.yaml'),
  'utf8',
).replace(/^twin: .*$/m, 'twin: ../twins/demo-co.twin.yaml')

/** AgentTwin, N scenario files run by the plugin against an AI SDK agent whose own tools the twin answers in-process. */
export function agentTwinAdapterFiles(dir, n, settings) {
  project(
    dir,
    `import { defineConfig } from 'vitest/config'
import { agentTwin } from 'agenttwin/vitest'
export default defineConfig({
  plugins: [agentTwin({ scenarios: 'scenarios/*.scenario.yaml', agents: './agent.ts', versions: ['v1'] })],
  test: { ${isolation(settings)} },
})
`,
    { installed: true },
  )
  write(dir, 'agent.ts', aiSdkAgentModule({ twinned: true }))
  write(dir, 'twins/demo-co.twin.yaml', twinSource)
  for (let i = 0; i < n; i++) {
    const text = adapterScenario.replace(/^id: .*$/m, `id: adapter-refund-${i}`)
    write(dir, `scenarios/case-${i}.scenario.yaml`, text)
  }
}

/** By hand, N files running the same AI SDK agent with its tools over HTTP to msw handlers. */
export function handWrittenAdapterFiles(dir, n, settings) {
  handWrittenProject(dir, settings)
  write(dir, 'agent.ts', aiSdkAgentModule({ twinned: false }))
  const body = `import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { supportAgent } from '../agent.ts'
import { createShop } from '../shop.ts'

const shop = createShop()
const server = setupServer(...shop.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

test('refunds 40 USD once, after the policy', async () => {
  const result = await supportAgent.generate({ prompt: 'Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?' })
  expect(result.text).toMatch(/refunded/)
  const tools = shop.calls.map((c) => c.tool)
  expect(shop.state.orders['ORD-1001'].refund_count).toBe(1)
  expect(shop.state.orders['ORD-1001'].refunded_amount).toBe(40)
  expect(tools.indexOf('get_refund_policy')).toBeLessThan(tools.indexOf('refund_payment'))
})
`
  for (let i = 0; i < n; i++) write(dir, `tests/adapter-${i}.test.ts`, body)
}
