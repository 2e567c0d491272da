import type { JudgeVerdict } from './types.ts'

export type ParsedVerdict = { ok: true; verdict: JudgeVerdict } | { ok: false; message: string }

const FENCED = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/

/**
 * Reads a judge's answer as a verdict. The whole answer must be one JSON object
 * (a single ```json fence around it is tolerated); prose, a label other than
 * `pass`/`fail`, a missing or out-of-range score, or a missing reason is not a verdict.
 * @example
 * parseVerdict('{"label":"pass","score":0.9,"reason":"says so"}') // { ok: true, verdict: {...} }
 * parseVerdict('I think it passes.') // { ok: false, message: 'the judge answered prose, not JSON: ...' }
 */
export function parseVerdict(text: string): ParsedVerdict {
  const trimmed = text.trim()
  const body = FENCED.exec(trimmed)?.[1]?.trim() ?? trimmed
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return { ok: false, message: `the judge answered prose, not JSON: ${quote(trimmed)}` }
  }
  return checkVerdict(value)
}

/** Checks an already parsed value against the verdict shape. */
export function checkVerdict(value: unknown): ParsedVerdict {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      message: `the judge answered ${quote(JSON.stringify(value))}, not a JSON object`,
    }
  }
  const { label, score, reason } = value as Record<string, unknown>
  if (label === undefined) return { ok: false, message: 'the judge answer has no "label"' }
  if (label !== 'pass' && label !== 'fail') {
    return {
      ok: false,
      message: `the judge answered label ${quote(JSON.stringify(label))}; only "pass" or "fail" is a verdict`,
    }
  }
  if (score === undefined) return { ok: false, message: 'the judge answer has no "score"' }
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1) {
    return {
      ok: false,
      message: `the judge answered score ${quote(JSON.stringify(score))}; a score is a number from 0 to 1`,
    }
  }
  if (typeof reason !== 'string') {
    return { ok: false, message: 'the judge answer has no "reason" string' }
  }
  return { ok: true, verdict: { label, score, reason } }
}

function quote(text: string | undefined, max = 120): string {
  const shown = text ?? 'undefined'
  return shown.length > max ? `${shown.slice(0, max)}…` : shown
}
