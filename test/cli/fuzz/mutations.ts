import { parse } from 'yaml'

/** A small seeded generator (mulberry32): the same seed gives the same mutations on every machine. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** One hostile version of a valid input, named for the failure message. */
export interface Mutation {
  name: string
  bytes: Buffer
}

type Random = () => number

const ODD_VALUES: unknown[] = [null, 0, -1, 1.5, '', 'x', [], {}, true, [null], { '': null }]

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!
}

function deepArray(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`
}

function blockNesting(levels: number): string {
  return Array.from({ length: levels }, (_, level) => `${'  '.repeat(level + 1)}k:`).join('\n')
}

/** The parsed value of JSON, JSON Lines (first line) or YAML text, if it parses. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {}
  try {
    return JSON.parse(text.split('\n')[0] ?? '')
  } catch {}
  try {
    return parse(text, { maxAliasCount: 100 })
  } catch {
    return undefined
  }
}

/** Every (container, key) of a value, so one can be replaced. */
function slots(value: unknown): Array<[Record<string, unknown> | unknown[], string | number]> {
  const found: Array<[Record<string, unknown> | unknown[], string | number]> = []
  const stack = [value]
  while (stack.length > 0 && found.length < 5000) {
    const current = stack.pop()
    if (current === null || typeof current !== 'object') continue
    for (const [key, child] of Object.entries(current)) {
      found.push([current as Record<string, unknown>, Array.isArray(current) ? Number(key) : key])
      stack.push(child)
    }
  }
  return found
}

/** The value with one field replaced by `replacement`, as JSON text (which every reader of ours reads, YAML too). */
function replacedOne(text: string, random: Random, replacement: (r: Random) => string): string {
  const value = parsed(text)
  const places = slots(value)
  if (places.length === 0) return replacement(random)
  const marker = '\u0000MARK\u0000'
  const [holder, key] = pick(random, places)
  ;(holder as Record<string, unknown>)[key] = marker
  return JSON.stringify(value).replace(JSON.stringify(marker), replacement(random))
}

/**
 * Hostile versions of a valid input: truncated, with a field of the wrong
 * type, null-filled, not UTF-8, nested thousands of levels deep (JSON and YAML
 * block style), an alias bomb, empty, and with a byte-order mark.
 * `count` of them, chosen by the seed.
 */
export function mutations(valid: string, seed: number, count: number): Mutation[] {
  const random = seeded(seed)
  const makers: Array<[string, () => Buffer | string]> = [
    ['truncated', () => valid.slice(0, Math.floor(random() * valid.length))],
    [
      'a field of the wrong type',
      () => replacedOne(valid, random, (r) => JSON.stringify(pick(r, ODD_VALUES))),
    ],
    [
      'null-filled',
      () => {
        const at = Math.floor(random() * valid.length)
        return `${valid.slice(0, at)}${'\u0000'.repeat(1 + Math.floor(random() * 64))}${valid.slice(at + 8)}`
      },
    ],
    [
      'not UTF-8',
      () => {
        const bytes = Buffer.from(valid)
        bytes[Math.floor(random() * bytes.length)] = 0xff
        return bytes
      },
    ],
    [
      'a field nested 100,000 levels deep',
      () => replacedOne(valid, random, () => deepArray(100_000)),
    ],
    ['a whole file of 100,000 brackets', () => deepArray(100_000)],
    ['3,000 levels of YAML block nesting', () => `a:\n${blockNesting(3000)}\n`],
    [
      'an alias bomb',
      () =>
        [
          'a: &a [x, x, x, x, x, x, x, x, x]',
          'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
          'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
          'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
        ].join('\n'),
    ],
    ['empty', () => ''],
    ['a byte-order mark, then the valid input', () => `\uFEFF${valid}`],
    ['a list of nulls', () => '[null, null]'],
    ['the value null', () => 'null'],
  ]
  const chosen: Mutation[] = []
  // Every kind once, then more of the random kinds with other seeds of the same generator.
  for (let index = 0; index < count; index++) {
    const [name, make] = index < makers.length ? makers[index]! : pick(random, makers.slice(0, 3))
    const made = make()
    chosen.push({ name, bytes: Buffer.isBuffer(made) ? made : Buffer.from(made) })
  }
  return chosen
}
