/**
 * Words that carry no content for keyword overlap: English function words, plus
 * the words criteria use to talk about the reply itself ("the reply says ...").
 * Negations (`no`, `not`, `never`) are kept: they are content.
 */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each either few for from
  further had has have having he her here hers herself him himself his how i if in into is it its
  itself just let me more most my myself nor of off on once only or other our ours ourselves out
  over own same she should so some such than that the their theirs them themselves then there
  these they this those through to too under until up very was we were what when where which
  while who whom why will with would you your yours yourself yourselves
  reply replies response answer agent says say said states stated mentions mention tells tell
  told should must whether`.split(/\s+/),
)

/**
 * A deliberately simple stemmer: trailing `ing`, `ed`, `es` (after s, x, z, ch, sh),
 * `ies` → `y` and a plain `s` are removed, so "refunds", "refunded" and "refunding"
 * all become "refund". Short words are left alone.
 */
export function stem(word: string): string {
  if (word.length >= 6 && word.endsWith('ing')) return undouble(word.slice(0, -3))
  if (word.length >= 5 && word.endsWith('ied')) return `${word.slice(0, -3)}y`
  if (word.length >= 5 && word.endsWith('ed')) return undouble(word.slice(0, -2))
  if (word.length >= 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length >= 5 && /(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2)
  if (word.length >= 4 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/** "stopped" → "stopp" → "stop"; keeps "ll"/"ss" endings such as "call", "pass". */
function undouble(word: string): string {
  const last = word.at(-1)
  if (word.length >= 4 && last === word.at(-2) && last !== 'l' && last !== 's') {
    return word.slice(0, -1)
  }
  return word
}

/** Lowercased word tokens (letters and digits, any script). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/**
 * The content keywords of a text: tokens without stop words, stemmed, unique,
 * in order of first appearance.
 * @example
 * contentKeywords('The reply says the refund is not recorded') // ['refund', 'not', 'record']
 */
export function contentKeywords(text: string): string[] {
  const seen = new Set<string>()
  for (const token of tokens(text)) {
    if (STOP_WORDS.has(token)) continue
    seen.add(stem(token))
  }
  return [...seen]
}
