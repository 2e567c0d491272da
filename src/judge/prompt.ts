import type { JudgeEvidence, JudgeRequest } from './types.ts'

/**
 * Version of the question LLM judges are asked. Part of the cache key and of a
 * calibration: change it whenever `buildJudgePrompt` changes what it asks.
 */
export const PROMPT_VERSION = 'judge-prompt.v1'

/** A prompt as both chat APIs take it: a system part and one user message. */
export interface JudgePrompt {
  system: string
  user: string
}

const SYSTEM = [
  'You are a strict evaluator of replies written by an AI support agent.',
  'You decide whether the reply meets one criterion. Judge only the criterion, not style.',
  'Evidence, when given, is what the tools recorded; trust it over what the reply claims.',
  'Answer with strict JSON and nothing else, no code fence, no prose:',
  '{"label": "pass" | "fail", "score": <number from 0 to 1>, "reason": "<one sentence>"}',
  'label is "pass" when the reply meets the criterion. score is your confidence that it does.',
].join('\n')

/**
 * Builds the prompt an LLM judge receives for one request.
 * @example
 * const { system, user } = buildJudgePrompt({ criterion: 'apologises', reply: 'Sorry!', threshold: 0.7 })
 */
export function buildJudgePrompt(
  request: Pick<JudgeRequest, 'criterion' | 'reply' | 'evidence'>,
): JudgePrompt {
  const parts = [
    `Criterion:\n${request.criterion}`,
    `Reply to judge:\n<reply>\n${request.reply}\n</reply>`,
  ]
  const evidence = evidenceText(request.evidence)
  if (evidence) parts.push(`Evidence:\n${evidence}`)
  parts.push('Answer with the JSON verdict only.')
  return { system: SYSTEM, user: parts.join('\n\n') }
}

/** The evidence as stable JSON text (fixed section order), or '' when there is none. */
export function evidenceText(evidence: JudgeEvidence | undefined): string {
  if (!evidence) return ''
  const sections: string[] = []
  if (evidence.input !== undefined) sections.push(`Input: ${JSON.stringify(evidence.input)}`)
  if (evidence.records !== undefined) {
    sections.push(`Tool call records: ${JSON.stringify(evidence.records)}`)
  }
  if (evidence.finalState !== undefined) {
    sections.push(`Final state: ${JSON.stringify(evidence.finalState)}`)
  }
  return sections.join('\n')
}
