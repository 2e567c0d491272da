/**
 * Edit distance (Levenshtein, with adjacent swaps counting as one edit);
 * letter case differences cost nothing, so `post` is next to `POST`.
 * @example
 * editDistance('targte', 'target') // 1
 */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      const row = rows[i]!
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1)
      }
    }
  }
  return rows[x.length]![y.length]!
}

/**
 * The candidate closest to `word`, when it is close enough to be a likely typo.
 * @example
 * closest('refund_paymnet', ['lookup_order', 'refund_payment']) // 'refund_payment'
 * closest('zzz', ['lookup_order']) // undefined
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(word.length / 3))
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return bestDistance <= limit ? best : undefined
}

/** `` `a`, `b` and `c` `` for messages. */
export function listWords(words: readonly string[]): string {
  const quoted = words.map((word) => `\`${word}\``)
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`
}

/**
 * The words for a field that is not allowed where it stands, the same for a
 * document (the loader) and for an options object given in code (a matcher).
 * @example
 * unknownField('mod', ['mode', 'argsMode'])
 * // { message: 'unknown field `mod`; allowed here: `mode` and `argsMode`',
 * //   fix: 'rename `mod` to `mode` (did you mean `mode`?)' }
 */
export function unknownField(
  key: string,
  allowed: readonly string[],
): { message: string; fix: string } {
  const meant = closest(key, allowed)
  return {
    message: `unknown field \`${key}\`; allowed here: ${listWords(allowed)}`,
    fix:
      meant === undefined
        ? `remove \`${key}\``
        : `rename \`${key}\` to \`${meant}\` (did you mean \`${meant}\`?)`,
  }
}

/** `, did you mean \`x\`?` or nothing. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const suggestion = closest(word, candidates)
  return suggestion === undefined ? '' : ` (did you mean \`${suggestion}\`?)`
}

/** A value as it appears in a message: short, JSON-like. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
