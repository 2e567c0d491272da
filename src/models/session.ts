import type { CaseModels, ModelMode } from '../core/model-usage.ts'
import { canonicalRequest } from './canonical.ts'
import { readCassette, writeCassette } from './cassette.ts'
import { firstDifference } from './json-diff.ts'
import { replayResponse, sendLive } from './live.ts'
import type { CanonicalRequest, Cassette, Interaction, ModelsOptions } from './types.ts'
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

function mismatch(recorded: CanonicalRequest, now: CanonicalRequest): string | undefined {
  if (recorded.method !== now.method)
    return `method differs: recorded ${recorded.method}, now ${now.method}`
  if (recorded.url !== now.url) return `url differs: recorded ${recorded.url}, now ${now.url}`
  return firstDifference(recorded.body, now.body)
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
  const entries: Array<{ replayed: boolean; interaction: () => Interaction }> = []
  let wentLive = false
  let requests = 0
  let error: string | undefined
  const rerecord = `Re-record: AGENTTWIN_MODELS=record npx vitest run ${options.testFile ?? '<test file>'}`

  function fail(message: string): Response {
    error ??= message
    return refusal(message)
  }

  async function forward(request: Request, canonical: CanonicalRequest): Promise<Response> {
    const live = await sendLive(request)
    entries.push({
      replayed: false,
      // Read at finish: a stream is recorded as it passes to the agent.
      interaction: () => {
        const { response, latencyMs } = live.recorded()
        return { request: canonical, response, usage: usageOf(response, latencyMs) }
      },
    })
    wentLive = true
    return live.response
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
      const index = entries.length
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
        return live(request, canonical, where)
      const entry = stored?.interactions[index]
      const difference = entry ? mismatch(entry.request, canonical) : undefined
      if (entry && !difference) {
        entries.push({ replayed: true, interaction: () => entry })
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
      const interactions = entries.map((entry) => entry.interaction())
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
        replayed: entries[at]?.replayed ?? false,
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
