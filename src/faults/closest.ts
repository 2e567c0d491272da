/** Edit distance (insertions, deletions, substitutions), for "did you mean" hints. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution))
    }
    previous = current
  }
  return previous[b.length]!
}

/**
 * The candidate closest to `name`, when it is close enough to be a plausible
 * typo (at most a third of the longer name differs) or one name contains the
 * other (`retryAfter` for `retryAfterSeconds`); ties go to the first.
 *
 * @example
 * closestName('rate_limitd', ['rate_limited', 'stale_read']) // 'rate_limited'
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const needle = name.toLowerCase()
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    const distance = editDistance(needle, candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  if (best === undefined) return undefined
  const limit = Math.max(2, Math.ceil(Math.max(name.length, best.length) / 3))
  if (bestDistance <= limit) return best
  if (needle.length < 3) return undefined
  return candidates.find((candidate) => {
    const lower = candidate.toLowerCase()
    return lower.includes(needle) || needle.includes(lower)
  })
}
