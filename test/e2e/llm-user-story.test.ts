import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { type ModelServer, startModelServer } from '../models/support/model-server.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { failureBlock, repoRoot } from './helpers/normalize.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// A new user's project: an AI SDK agent on @ai-sdk/openai, one scenario, the
// plugin with its model host. It records once against a model server, then
// runs in CI with that server gone, as `npx vitest run` in its own folder.
const project = freshTmpDir('llm-user-story')
const PROMPT = 'You are the support agent. Look the order up before answering.'

function agentSource(prompt: string): string {
  return `import { createOpenAI } from '@ai-sdk/openai'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'

const openai = createOpenAI({ baseURL: process.env.LLM_BASE_URL, apiKey: process.env.OPENAI_API_KEY ?? 'none' })

export const agents = {
  v1: {
    name: 'support',
    version: 'v1',
    async run(input, { baseUrl, signal }) {
      const result = await generateText({
        model: openai.chat('scripted-model-1'),
        system: ${JSON.stringify(prompt)},
        prompt: input.message,
        abortSignal: signal,
        stopWhen: stepCountIs(3),
        tools: {
          lookup_order: tool({
            description: 'Read an order',
            inputSchema: jsonSchema({ type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] }),
            execute: async (args) => (await fetch(\`\${baseUrl}/tools/lookup_order\`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args), signal })).text(),
          }),
        },
      })
      return { reply: result.text, outcome: 'SUCCESS' }
    },
  },
}
`
}

/** `npx vitest run` in the project. Asynchronous: the model server answers from this process. */
function vitest(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn('npx', ['vitest', 'run'], {
    cwd: project,
    env: { ...process.env, NO_COLOR: '1', CI: '', AGENTTWIN_MODELS: '', ...env },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })))
}

let server: ModelServer
let baseUrl: string

beforeAll(async () => {
  mkdirSync(join(project, 'scenarios'))
  mkdirSync(join(project, 'twins'))
  copyFileSync(
    join(repoRoot, 'examples/demo-co/twins/demo-co.twin.yaml'),
    join(project, 'twins/demo-co.twin.yaml'),
  )
  const scenario = readFileSync(
    join(repoRoot, 'examples/llm-agent/scenarios/order-status.scenario.yaml'),
    'utf8',
  ).replace('twin: ../../demo-co/twins/demo-co.twin.yaml', 'twin: ../twins/demo-co.twin.yaml')
  writeFileSync(join(project, 'scenarios/order-status.scenario.yaml'), scenario)
  writeFileSync(join(project, 'agent.js'), agentSource(PROMPT))
  writeFileSync(
    join(project, 'vitest.config.ts'),
    `import { defineConfig } from 'vitest/config'
import { agentTwin } from '${repoRoot}/src/public/vitest.ts'

export default defineConfig({
  plugins: [
    agentTwin({
      scenarios: 'scenarios/*.scenario.yaml',
      agents: './agent.js',
      models: { hosts: [process.env.LLM_BASE_URL ?? 'http://127.0.0.1:9/v1'] },
      reporter: false,
    }),
  ],
})
`,
  )
  server = await startModelServer()
  baseUrl = server.baseUrl
})

describe('a new user’s AI SDK agent', { timeout: 240_000 }, () => {
  it('records once, then passes CI=true npx vitest run with the model server gone', async () => {
    const recorded = await vitest({ AGENTTWIN_MODELS: 'record', LLM_BASE_URL: baseUrl })
    expect(recorded.output).toMatch(/Tests\s+2 passed \(2\)/)
    expect(recorded.code).toBe(0)
    expect(server.keys).toHaveLength(2)
    await server.close()
    const cassette = join(
      project,
      'scenarios/__cassettes__/llm-order-status/support@v1.cassette.json',
    )
    expect(JSON.parse(readFileSync(cassette, 'utf8')).interactions).toHaveLength(2)

    const replayed = await vitest({ CI: 'true', LLM_BASE_URL: baseUrl })
    expect(replayed.output).toMatch(/Tests\s+2 passed \(2\)/)
    expect(replayed.code).toBe(0)
  })

  it('after a prompt change, CI gives a located cassette-miss ERROR naming the changed field', async () => {
    writeFileSync(join(project, 'agent.js'), agentSource(`${PROMPT} Be brief.`))
    const changed = await vitest({ CI: 'true', LLM_BASE_URL: baseUrl })
    expect(changed.code).toBe(1)
    // A window around the first differing character, cut the same way on both sides.
    const failure = failureBlock(changed.output, 'scenarios/order-status.scenario.yaml:10:5 >')
    expect(normaliseText(failure, { project })).toMatchInlineSnapshot(`
      " FAIL  scenarios/order-status.scenario.yaml:10:5 > llm-order-status: A customer asks about an order, answered by a language model > v1 > order-looked-up
      ExpectationFailed: order-looked-up (calledTool) is ERROR: Cannot evaluate: the case did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) does not match the cassette <project>/scenarios/__cassettes__/llm-order-status/support@v1.cassette.json: messages[0].content differs at character 63: recorded …"the order up before answering.", now …"the order up before answering. Be brief.". Re-record: AGENTTWIN_MODELS=record npx vitest run <project>/scenarios/order-status.scenario.yaml). Unknown is never a pass; fix the run so the agent answers, then evaluate again.
       ❯ order-looked-up scenarios/order-status.scenario.yaml:10:5
            8|   message: Hi! What is the status of my order ORD-1001?
            9| expectations:
           10|   - id: order-looked-up
             |     ^
           11|     type: calledTool
           12|     tool: lookup_order

       ❯ agenttwin
         ↳ ERROR. Cannot evaluate: the case did not finish (model-cassette: Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) does not match the cassette <project>/scenarios/__cassettes__/llm-order-status/support@v1.cassette.json: messages[0].content differs at character 63: recorded …"the order up before answering.", now …"the order up before answering. Be brief.". Re-record: AGENTTWIN_MODELS=record npx vitest run <project>/scenarios/order-status.scenario.yaml). Unknown is never a pass; fix the run so the agent answers, then evaluate again."
    `)
  })
})
