/**
 * A text as the end of a sentence: one full stop added, unless the text
 * already ends on one (a reason quoted from another error often does), so a
 * message built from parts never reads `…e.g. "x"..`.
 * @example
 * endSentence('it has an empty segment') // 'it has an empty segment.'
 * endSentence('Fix: delete it.') // 'Fix: delete it.'
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd()
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
