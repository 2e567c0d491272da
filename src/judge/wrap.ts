import type { Judge } from './types.ts'

/**
 * The same judge (provider, model, kind, prompt version, note) answering
 * through `judge` instead: how the cache and the model-traffic transport wrap one.
 */
export function withJudgeCall(inner: Judge, judge: Judge['judge']): Judge {
  return {
    provider: inner.provider,
    model: inner.model,
    kind: inner.kind,
    promptVersion: inner.promptVersion,
    ...(inner.note === undefined ? {} : { note: inner.note }),
    judge,
  }
}
