/**
 * Keeps `value` under `key` in a memo of at most `limit` entries and returns
 * it. A full memo starts over rather than evicting one entry at a time: the
 * memos this serves hold what a run keeps asking for (a suite's twins, its
 * templates), which a fresh start finds again at once, while a runaway loop
 * of distinct keys cannot grow it past the limit.
 * @example
 * const compiled = memo.get(text) ?? keepBounded(memo, text, compile(text), 4096)
 */
export function keepBounded<K, V>(memo: Map<K, V>, key: K, value: V, limit: number): V {
  if (memo.size >= limit) memo.clear()
  memo.set(key, value)
  return value
}
