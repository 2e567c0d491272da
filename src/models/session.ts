import { performance } from 'node:perf_hooks'
import { bypass } from 'msw'
import type { CaseModels, ModelMode } from '../core/model-usage.ts'
import { withModelHostEgress } from '../http/egress.ts'
import { canonicalRequest } from './canonical.ts'
import { readCassette, writeCassette } from './cassette.ts'
import { firstDifference } from './json-diff.ts'
import { parseSse, sseStream } from './sse.ts'
import type {
  CanonicalRequest,
  Cassette,
  CassetteJson,
  Interaction,
  ModelsOptions,
  RecordedResponse,
} from './types.ts'
import { costOf, usageOf } from './usage.ts'

export interface ModelSessionOptions extends Omit<ModelsOptions, 'mode' | 'cassetteDir'> {
  mode: ModelMode
  /** Under CI `auto` never goes live. */
  ci: boolean
  /** The cassette file of this case, agent version and trial. */
  file: string
  caseId: string
  agent: { name: string; version: string }
  trial?: number
  /** The test file named in the re-record hint. */
  testFile?: string
  hosts: readonly string[]
}

/** The model traffic of one case: answers each request by mode and keeps the evidence. */
export interface ModelSession {
  readonly hosts: readonly string[]
  answer(request: Request): Promise<Response>
  /** The first request that could not be answered, as the case's error message. */
  readonly error: string | undefined
  /** Writes the cassette if this mode records, and returns what the CaseRun keeps. */
  finish(): CaseModels
}

const KEPT_HEADERS = ['content-type', 'retry-after', 'x-request-id', 'request-id']

function parseBody(text: string): CassetteJson {
  try {
    return JSON.parse(text) as CassetteJson
  } catch {
    return text
  }
}

function mismatch(recorded: CanonicalRequest, now: CanonicalRequest): string | undefined {
  if (recorded.method !== now.method)
    return `method differs: recorded ${recorded.method}, now ${now.method}`
  if (recorded.url !== now.url) return `url differs: recorded ${recorded.url}, now ${now.url}`
  return firstDifference(recorded.body, now.body)
}

function replayResponse(recorded: RecordedResponse): Response {
  const headers = new Headers(recorded.headers)
  if (recorded.events)
    return new Response(sseStream(recorded.events), { status: recorded.status, headers })
  const body = recorded.body
  const text =
    body === undefined || body === null
      ? null
      : typeof body === 'string'
        ? body
        : JSON.stringify(body)
  return new Response(text, { status: recorded.status, headers })
}

/** A 400 the SDKs do not retry, so one refused request stays one. */
function refusal(message: string): Response {
  return Response.json({ error: { type: 'agenttwin_model_traffic', message } }, { status: 400 })
}

/**
 * @example
 * const session = createModelSession({ mode: 'replay', ci: true, file, caseId: 'refund', agent, hosts: ['api.openai.com'] })
 * const response = await session.answer(request) // from the cassette
 * run.models = session.finish()
 */
export function createModelSession(options: ModelSessionOptions): ModelSession {
  const stored: Cassette | undefined =
    options.mode === 'record' ? undefined : readCassette(options.file)
  const interactions: Interaction[] = []
  const replayed: boolean[] = []
  let wentLive = false
  let requests = 0
  let error: string | undefined
  const rerecord = `Re-record: AGENTTWIN_MODELS=record npx vitest run ${options.testFile ?? '<test file>'}`

  function fail(message: string): Response {
    error ??= message
    return refusal(message)
  }

  async function forward(request: Request, canonical: CanonicalRequest): Promise<Response> {
    const started = performance.now()
    const url = new URL(request.url)
    const live = await withModelHostEgress(url.hostname, () => fetch(bypass(request)))
    const text = await live.text()
    const latencyMs = Math.round(performance.now() - started)
    const headers: Record<string, string> = {}
    for (const name of KEPT_HEADERS) {
      const value = live.headers.get(name)
      if (value !== null) headers[name] = value
    }
    const response: RecordedResponse = { status: live.status, headers }
    if ((headers['content-type'] ?? '').includes('text/event-stream'))
      response.events = parseSse(text)
    else response.body = parseBody(text)
    interactions.push({ request: canonical, response, usage: usageOf(response, latencyMs) })
    replayed.push(false)
    wentLive = true
    return replayResponse(response)
  }

  async function live(
    request: Request,
    canonical: CanonicalRequest,
    where: string,
  ): Promise<Response> {
    try {
      return await forward(request, canonical)
    } catch (failure) {
      const reason =
        failure instanceof Error
          ? ((failure.cause as Error | undefined)?.message ?? failure.message)
          : String(failure)
      return fail(
        `${where} was sent live (mode ${options.mode}) and failed: ${reason}. Fix: start the model server, or replay from ${options.file}.`,
      )
    }
  }

  return {
    hosts: options.hosts,
    get error() {
      return error
    },
    async answer(request) {
      const index = interactions.length
      requests++
      const canonical = canonicalRequest(
        request.method,
        request.url,
        await request.clone().text(),
        options,
      )
      const where = `Model request ${index + 1} of case "${options.caseId}" (${canonical.method} ${canonical.url})`
      if (options.mode === 'off') {
        return fail(
          `${where} was refused: model traffic is off. Fix: set AGENTTWIN_MODELS=replay (or auto) to answer it from ${options.file}.`,
        )
      }
      if (options.mode === 'live' || options.mode === 'record' || wentLive)
        return forward(request, canonical)
      const entry = stored?.interactions[index]
      const difference = entry ? mismatch(entry.request, canonical) : undefined
      if (entry && !difference) {
        interactions.push(entry)
        replayed.push(true)
        return replayResponse(entry.response)
      }
      if (options.mode === 'auto' && !options.ci) return live(request, canonical, where)
      if (!entry) {
        const held = stored ? `it holds ${stored.interactions.length}` : 'it does not exist'
        return fail(`${where} is not in the cassette ${options.file} (${held}). ${rerecord}`)
      }
      return fail(
        `${where} does not match the cassette ${options.file}: ${difference}. ${rerecord}`,
      )
    },
    finish() {
      const writes = options.mode === 'record' || (options.mode === 'auto' && wentLive)
      if (writes && error === undefined) {
        writeCassette(options.file, {
          schema: 'agenttwin/cassette.v1',
          case: options.caseId,
          agent: { ...options.agent },
          trial: options.trial ?? 0,
          interactions,
        })
      }
      const calls = interactions.map((interaction, at) => ({
        url: interaction.request.url,
        replayed: replayed[at] ?? false,
        ...interaction.usage,
      }))
      const totals = { inputTokens: 0, outputTokens: 0, cachedTokens: 0, latencyMs: 0 }
      for (const call of calls) {
        totals.inputTokens += call.inputTokens ?? 0
        totals.outputTokens += call.outputTokens ?? 0
        totals.cachedTokens += call.cachedTokens ?? 0
        totals.latencyMs += call.latencyMs
      }
      // A model was in the loop even when its requests were refused (a miss, mode off).
      const llm = requests === 0 ? 'scripted' : wentLive ? 'live' : 'replayed'
      const models: CaseModels = { llm, mode: options.mode, calls, totals }
      const cost = options.prices ? costOf(calls, options.prices) : undefined
      if (cost !== undefined) models.costUsd = cost
      return models
    },
  }
}
