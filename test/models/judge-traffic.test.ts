import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateCase, judgeTraffic, runCase } from '../../src/case/index.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { createOpenAIJudge, judgeOver } from '../../src/judge/index.ts'
import { cassettePath } from '../../src/models/index.ts'
import { createInterception } from '../../src/public/msw.ts'
import type { Agent } from '../../src/scenario/types.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'
import { normaliseText } from '../support/normalise-text.ts'

const pinned = pinnedDemoScenarios().get('order-status-question')!
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-judge-traffic-'))
const KEY = 'sk-judge-NEVER-IN-A-CASSETTE-0987654321'
const CRITERION = 'The reply says where the order is'
const expectations = [{ id: 'says-where', type: 'judge' as const, criterion: CRITERION }]

/** An OpenAI-compatible judge on loopback that passes every reply, counting what it is asked. */
async function startJudgeServer() {
  const asked: string[] = []
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    asked.push(String(request.headers.authorization))
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        id: 'chatcmpl-judge',
        model: 'judge-model-1',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: {
              role: 'assistant',
              content: '{"label":"pass","score":0.9,"reason":"It names the carrier."}',
            },
          },
        ],
        usage: { prompt_tokens: 30 + text.length / 1000, completion_tokens: 12 },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the judge’s calls are model traffic of the case', () => {
  let run: CaseRun
  let baseUrl: string
  const judge = () => createOpenAIJudge({ baseUrl, apiKey: KEY, model: 'judge-model-1' })

  beforeAll(async () => {
    const agent: Agent = {
      name: 'fixed',
      version: '1',
      run: async () => ({ reply: 'It is with Parcelway, due 7 January.', outcome: 'SUCCESS' }),
    }
    run = await runCase(pinned, agent)
  })

  it('records the live verdict past an active network guard, then replays it with the judge gone', async () => {
    const server = await startJudgeServer()
    baseUrl = server.baseUrl
    // A test's interception is active, loopback refused: the judge has no hole of its own.
    const network = createInterception()
    let recorded: Awaited<ReturnType<typeof evaluateCase>>
    try {
      const traffic = judgeTraffic(run, { cassetteDir: dir, cli: 'record' })
      recorded = await evaluateCase(expectations, run, {
        judge: judge(),
        judgeFetch: traffic.fetch,
      })
      const models = traffic.finish()
      expect(models.llm).toBe('live')
      expect(models.calls[0]?.model).toBe('judge-model-1')
    } finally {
      network.dispose()
    }
    await server.close()
    expect(server.asked).toEqual([`Bearer ${KEY}`])
    expect(recorded[0]?.label).toBe('PASS')

    const file = cassettePath(dir, run.scenario.id, run.agent, 0, 'judge')
    expect(file.endsWith('fixed@1.judge.cassette.json')).toBe(true)
    expect(readFileSync(file, 'utf8')).not.toContain(KEY)

    const traffic = judgeTraffic(run, { cassetteDir: dir, cli: 'replay' })
    const replayed = await evaluateCase(expectations, run, {
      judge: judge(),
      judgeFetch: traffic.fetch,
    })
    expect(traffic.finish().llm).toBe('replayed')
    expect(replayed).toEqual(recorded)
  })

  it('a changed criterion is a located miss: ERROR, never a live call or a cached verdict', async () => {
    const traffic = judgeTraffic(run, { cassetteDir: dir, cli: 'replay' })
    const [result] = await evaluateCase(
      [{ ...expectations[0]!, criterion: 'The reply apologises' }],
      run,
      { judge: judgeOver(judge(), traffic.fetch) },
    )
    expect(result?.label).toBe('ERROR')
    expect(normaliseText(result!.message, { dir })).toMatchInlineSnapshot(
      `"No judge verdict: judge openai/judge-model-1 answered HTTP 400: Model request 1 of case "order-status-question" (POST http://127.0.0.1:<port>/v1/chat/completions) does not match the cassette <dir>/order-status-question/fixed@1.judge.cassette.json: messages[1].content differs at character 22: recorded "Criterion:\\nThe reply says where the order is\\n\\nReply to judge:\\n<reply>\\nIt is with "…, now "Criterion:\\nThe reply apologises\\n\\nReply to judge:\\n<reply>\\nIt is with Parcelway, du"…. Re-record: AGENTTWIN_MODELS=record npx vitest run <repo>/examples/demo-co/scenarios/order-status-question.scenario.yaml. This says nothing about the agent; fix the judge or rerun. [openai/judge-model-1; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })
})
