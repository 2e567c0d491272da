import type { CallRecord } from '../core/call-record.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'

/** The two labels a judge may give. Anything else it says is not a verdict. */
export type VerdictLabel = 'pass' | 'fail'

/** A well-formed verdict: what every judge must answer, and what the cache stores. */
export interface JudgeVerdict {
  label: VerdictLabel
  /** In [0, 1]. */
  score: number
  reason: string
}

/** Why a judge gave no verdict. Every kind becomes an `ERROR` result, never a pass or a fail. */
export type JudgeFailureKind =
  | 'unavailable'
  | 'throttled'
  | 'timeout'
  | 'refused'
  | 'malformed'
  | 'http-error'
  | 'cannot-judge'

/** What a judge answered: a verdict, or the reason there is none. */
export type JudgeOutcome =
  | ({ ok: true; cached: boolean } & JudgeVerdict)
  | { ok: false; failure: JudgeFailureKind; message: string }

/** Case evidence a `judge` expectation lets the judge see beside the reply. */
export interface JudgeEvidence {
  input?: JsonValue
  records?: CallRecord[]
  finalState?: JsonObject
}

/** One question to a judge. */
export interface JudgeRequest {
  criterion: string
  reply: string
  evidence?: JudgeEvidence
  /** The pass threshold in effect; only the keyword fake uses it to pick its label. */
  threshold: number
  /** Aborts the call (e.g. when the test times out). */
  signal?: AbortSignal
}

/**
 * Anything that can judge a criterion about a reply. Providers return a failure
 * instead of throwing; `evaluateJudge` still turns a throw into an `ERROR`.
 * @example
 * const judge: Judge = createFakeJudge()
 * const outcome = await judge.judge({ criterion: 'mentions the refund', reply: 'Refunded.', threshold: 0.7 })
 */
export interface Judge {
  /** `anthropic`, `openai`, `fake`, or your own. */
  provider: string
  model: string
  kind: 'llm' | 'deterministic-fake'
  /** Versions what the judge is asked; part of the cache key and of calibration. */
  promptVersion: string
  /** Shown in every result of this judge, e.g. `not a language model`. */
  note?: string
  judge(request: JudgeRequest): Promise<JudgeOutcome>
}

/** Who judged: the identity calibration and the cache are tied to. */
export type JudgeIdentity = Pick<Judge, 'provider' | 'model' | 'promptVersion'>
