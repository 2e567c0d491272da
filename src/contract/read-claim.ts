import type { AgentResult } from '../core/case-run.ts'
import type { ClaimFamily } from '../core/claim.ts'
import { DEFAULT_CLAIM_CLASSES } from '../core/claim-classes.ts'
import {
  type ClaimPhraseTable,
  DEFAULT_CLAIM_PHRASES,
  type PhraseFamily,
} from '../core/claim-phrases.ts'
import { type ClaimReading, readReplyClaim, readStructuredClaim } from '../core/classify-claim.ts'
import type { Judge } from '../judge/types.ts'

/** What a judge is asked, per family, when the phrase table cannot read a reply. */
export const CLAIM_CRITERIA: Readonly<Record<PhraseFamily, string>> = {
  success: 'The reply tells the user that the requested action has been completed.',
  partial: 'The reply tells the user that only part of the requested action has been completed.',
  pending:
    'The reply tells the user that the request was submitted and awaits confirmation or processing, without saying it is complete.',
  failure: 'The reply tells the user that the requested action could not be done.',
  handoff: 'The reply tells the user that a human has taken over or will finish the request.',
  needs_info: 'The reply asks the user for more information before anything can be done.',
}

const JUDGE_ORDER: readonly PhraseFamily[] = [
  'partial',
  'handoff',
  'pending',
  'success',
  'needs_info',
  'failure',
]

export interface ReadClaimOptions {
  phrases?: ClaimPhraseTable
  classes?: Readonly<Record<ClaimFamily, readonly string[]>>
  literalClasses?: readonly string[]
  /** Reads replies the phrase table cannot; default off. */
  judge?: Judge
  /** The judge's pass threshold; default 0.7. */
  judgeThreshold?: number
}

/**
 * The agent's claim: from its structured claim class when it gives one, else
 * from the reply with the phrase table, else (when configured) from a judge.
 * Anything that cannot be read is `unknown`.
 * @example
 * const reading = await readClaim({ reply: 'All taken care of!', outcome: 'SUCCESS' })
 * reading.family // 'success'
 */
export async function readClaim(
  result: Pick<AgentResult, 'reply' | 'claimClass'> | undefined,
  options: ReadClaimOptions = {},
): Promise<ClaimReading> {
  if (!result) return { family: 'unknown', source: 'nothing', basis: 'there is no agent result' }
  if (typeof result.claimClass === 'string' && result.claimClass.trim() !== '') {
    return readStructuredClaim(result.claimClass, {
      classes: options.classes ?? DEFAULT_CLAIM_CLASSES,
      literalClasses: options.literalClasses,
    })
  }
  const reading = readReplyClaim(result.reply ?? '', options.phrases ?? DEFAULT_CLAIM_PHRASES)
  if (reading.family !== 'unknown' || !options.judge || !result.reply?.trim()) return reading
  return readWithJudge(result.reply, options.judge, options.judgeThreshold ?? 0.7)
}

/**
 * Asks the judge every family's criterion; the families it passes decide as
 * the phrase table does. Any unanswered question makes the reading `unknown`.
 */
async function readWithJudge(
  reply: string,
  judge: Judge,
  threshold: number,
): Promise<ClaimReading> {
  const who = `${judge.provider}/${judge.model}${judge.kind === 'deterministic-fake' ? ' (not a language model)' : ''}`
  const passed: PhraseFamily[] = []
  for (const family of JUDGE_ORDER) {
    let outcome: Awaited<ReturnType<Judge['judge']>>
    try {
      outcome = await judge.judge({ criterion: CLAIM_CRITERIA[family], reply, threshold })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { family: 'unknown', source: 'judge', basis: `the judge ${who} threw: ${reason}` }
    }
    if (!outcome.ok) {
      return {
        family: 'unknown',
        source: 'judge',
        basis: `the judge ${who} gave no verdict (${outcome.failure}: ${outcome.message})`,
      }
    }
    if (outcome.label === 'pass' && outcome.score >= threshold) passed.push(family)
  }
  const family = passed.includes('success') && passed.includes('failure') ? 'partial' : passed[0]
  if (!family) {
    return {
      family: 'unknown',
      source: 'judge',
      basis: `neither the phrase table nor the judge ${who} could read the reply as a claim`,
    }
  }
  return {
    family,
    source: 'judge',
    basis: `the judge ${who} read the reply as ${family} (it passed: ${passed.join(', ')})`,
  }
}
