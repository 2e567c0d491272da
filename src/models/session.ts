import { existsSync } from 'node:fs'
import type { CaseModels, ModelMode } from '../core/model-usage.ts'
import { type SecretPolicy, secretPolicy } from '../core/secret-policy.ts'
import { endSentence } from '../core/sentence.ts'
import { canonicalRequest, canonicalUrl } from './canonical.ts'
import { readCassette, writeCassette } from './cassette.ts'
import { firstDifference } from './json-diff.ts'
import { replayResponse, sendLive } from './live.ts'
import { llmLabel, type ModelTrafficCounts } from './llm-label.ts'
import { checkModelsOptions } from './options.ts'
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

/**
 * How a recorded request differs from this one, both seen through today's
 * policy: a cassette recorded before a field was redacted still matches.
 */
function mismatch(
  recorded: CanonicalRequest,
  now: CanonicalRequest,
  policy: SecretPolicy,
): string | undefined {
  const method = String(recorded.method).toUpperCase()
  if (method !== now.method) return `method differs: recorded ${method}, now ${now.method}`
  const url = canonicalUrl(recorded.url, policy)
  if (url !== now.url) return `url differs: recorded ${url}, now ${now.url}`
  return firstDifference(policy.json(recorded.body ?? null), now.body)
}

/** A response as a cassette stores it: bodies and events through the policy. */
function storedResponse(response: RecordedResponse, policy: SecretPolicy): RecordedResponse {
  const stored: RecordedResponse = { ...response, headers: policy.headers(response.headers) }
  if (response.body !== undefined) stored.body = policy.json(response.body) as CassetteJson
  if (response.events) {
    stored.events = response.events.map((event) => ({
      ...event,
      data: policy.json(event.data) as CassetteJson,
    }))
  }
  return stored
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
  checkModelsOptions(options, 'models')
  const policy = secretPolicy({ redact: options.redact ?? [], keep: options.keep ?? [] })
  const stored: Cassette | undefined =
    options.mode === 'record' ? undefined : readCassette(options.file)
  const entries: Array<{ replayed: boolean; interaction: () => Interaction }> = []
  const counts: ModelTrafficCounts = { live: 0, replayed: 0, refused: 0, missing: 0 }
  let wentLive = false
  let error: string | undefined
  const rerecord = `Re-record: AGENTTWIN_MODELS=record npx vitest run ${options.testFile ?? '<test file>'}`

  function fail(message: string, kind: 'refused' | 'missing' | 'live'): Response {
    counts[kind]++
    const shown = policy.text(message)
    error ??= shown
    return refusal(shown)
  }

  async function forward(request: Request, canonical: CanonicalRequest): Promise<Response> {
    const live = await sendLive(request)
    entries.push({
      replayed: false,
      // Read at finish: a stream is recorded as it passes to the agent.
      interaction: () => {
        const { response, latencyMs } = live.recorded()
        // Usage is read from the answer as it came; the cassette keeps it through the policy.
        const usage = usageOf(response, latencyMs)
        return { request: canonical, response: storedResponse(response, policy), usage }
      },
    })
    wentLive = true
    counts.live++
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
        `${where} was sent live (mode ${options.mode}) and failed: ${endSentence(reason)} Fix: start the model server, or replay from ${options.file}.`,
        'live',
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
      const canonical = canonicalRequest(
        request.method,
        request.url,
        await request.clone().text(),
        { volatile: options.volatile ?? [], policy },
      )
      const where = `Model request ${index + 1} of case "${options.caseId}" (${canonical.method} ${canonical.url})`
      if (options.mode === 'off') {
        return fail(
          `${where} was refused: model traffic is off. Fix: set AGENTTWIN_MODELS=replay (or auto) to answer it from ${options.file}.`,
          'refused',
        )
      }
      if (options.mode === 'live' || options.mode === 'record' || wentLive)
        return live(request, canonical, where)
      const entry = stored?.interactions[index]
      const difference = entry ? mismatch(entry.request, canonical, policy) : undefined
      if (entry && !difference) {
        // The CaseRun and a rewritten cassette keep the request as today's policy shows it.
        const replayed = {
          ...entry,
          request: canonical,
          response: storedResponse(entry.response, policy),
        }
        entries.push({ replayed: true, interaction: () => replayed })
        counts.replayed++
        return replayResponse(entry.response)
      }
      if (options.mode === 'auto' && !options.ci) return live(request, canonical, where)
      if (!entry) {
        const held = stored ? `it holds ${stored.interactions.length}` : 'it does not exist'
        return fail(
          `${where} is not in the cassette ${options.file} (${held}). ${rerecord}`,
          'missing',
        )
      }
      return fail(
        `${where} does not match the cassette ${options.file}: ${difference}. ${rerecord}`,
        'missing',
      )
    },
    finish() {
      const interactions = entries.map((entry) => entry.interaction())
      const writes = options.mode === 'record' || (options.mode === 'auto' && wentLive)
      // A case that sent no model request leaves no empty cassette behind; one
      // whose agent stopped sending them has its old cassette emptied.
      // Checked last: most cases write nothing and never ask the file system.
      if (writes && error === undefined && (interactions.length > 0 || existsSync(options.file))) {
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
      // What happened to the requests, not the mode: refused and missing say so.
      const models: CaseModels = { llm: llmLabel(counts), mode: options.mode, calls, totals }
      const cost = options.prices ? costOf(calls, options.prices) : undefined
      if (cost !== undefined) models.costUsd = cost
      return models
    },
  }
}
