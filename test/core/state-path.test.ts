import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ANY_KEY,
  FORBIDDEN_SEGMENTS,
  formatPath,
  matchesPattern,
  parsePath,
  parsePattern,
  pathOf,
  patternCovers,
  patternOf,
} from '../../src/core/state-path.ts'

describe('parsePath', () => {
  it.each([
    ['orders.o_1.status', ['orders', 'o_1', 'status']],
    ['orders.{order_id}.status', ['orders', '{order_id}', 'status']],
    ['customers.{customer.id}', ['customers', '{customer.id}']],
    ['orders["o.1"].status', ['orders', 'o.1', 'status']],
    ['["a.b"]', ['a.b']],
    ['a["b"]["c.d"]', ['a', 'b', 'c.d']],
    ['a.["b"]', ['a', 'b']],
    ['items["*"]', ['items', '*']],
    ['a["{x}"]', ['a', '{x}']],
    ['a["say \\"hi\\""]', ['a', 'say "hi"']],
    ['items[0]', ['items[0]']],
    ['a*b', ['a*b']],
  ])('reads %j as %j', (text, segments) => {
    expect(parsePath(text)).toEqual({ ok: true, segments })
  })

  it('refuses a malformed or unsafe path, saying what is wrong and how to write it', () => {
    const refusals = [
      'a..b',
      '.a',
      'a.',
      'a[""]',
      'orders.{id',
      'orders.id}',
      'orders.{{id}}',
      'a["b"',
      'a["b"]c',
      'a[1]["b]',
      'orders.*.status',
      'a.__proto__',
      'a["constructor"]',
    ].flatMap((text) => {
      const parsed = parsePath(text)
      if (parsed.ok) return [`${text} is accepted`]
      return parsed.problems.map((problem) => `${text} ${problem.says}. Fix: ${problem.fix}`)
    })
    expect(refusals).toMatchInlineSnapshot(`
      [
        "a..b has an empty segment. Fix: separate keys with single dots and no leading or trailing dot, e.g. \`orders.{order_id}.status\`",
        ".a has an empty segment. Fix: separate keys with single dots and no leading or trailing dot, e.g. \`orders.{order_id}.status\`",
        "a. has an empty segment. Fix: separate keys with single dots and no leading or trailing dot, e.g. \`orders.{order_id}.status\`",
        "a[""] has an empty segment. Fix: separate keys with single dots and no leading or trailing dot, e.g. \`orders.{order_id}.status\`",
        "orders.{id has an unbalanced \`{\` or \`}\`. Fix: write placeholders as \`{argument}\`, one pair of braces each",
        "orders.id} has an unbalanced \`{\` or \`}\`. Fix: write placeholders as \`{argument}\`, one pair of braces each",
        "orders.{{id}} has an unbalanced \`{\` or \`}\`. Fix: write placeholders as \`{argument}\`, one pair of braces each",
        "a["b" has a quoted segment that is not \`["…"]\` with a JSON string inside. Fix: write a key with dots as \`["a.b"]\`, e.g. \`orders["o.1"].status\`, followed by a dot, another \`["…"]\` or the end",
        "a["b"]c has a quoted segment that is not \`["…"]\` with a JSON string inside. Fix: write a key with dots as \`["a.b"]\`, e.g. \`orders["o.1"].status\`, followed by a dot, another \`["…"]\` or the end",
        "a[1]["b] has a quoted segment that is not \`["…"]\` with a JSON string inside. Fix: write a key with dots as \`["a.b"]\`, e.g. \`orders["o.1"].status\`, followed by a dot, another \`["…"]\` or the end",
        "orders.*.status uses \`*\`, which is a wildcard only in patterns (volatile, sensitive, allowed changes). Fix: name the key this path addresses; for a key that really is \`*\`, write \`["*"]\`",
        "a.__proto__ uses \`__proto__\`, which would reach the object prototype instead of the data. Fix: rename the key; \`__proto__\`, \`constructor\` and \`prototype\` cannot be used in state",
        "a["constructor"] uses \`constructor\`, which would reach the object prototype instead of the data. Fix: rename the key; \`__proto__\`, \`constructor\` and \`prototype\` cannot be used in state",
      ]
    `)
  })

  it('says how to write a key that really is `*`, and that key reads back', () => {
    const parsed = parsePath('items.*')
    expect(parsed).toMatchInlineSnapshot(`
      {
        "ok": false,
        "problems": [
          {
            "fix": "name the key this path addresses; for a key that really is \`*\`, write \`["*"]\`",
            "says": "uses \`*\`, which is a wildcard only in patterns (volatile, sensitive, allowed changes)",
          },
        ],
      }
    `)
    expect(pathOf('items["*"]')).toEqual(['items', '*'])
  })

  it('throws UNSAFE_PATH with the reason from pathOf', () => {
    expect(() => pathOf('a..b')).toThrow(/Unsafe state path "a\.\.b": it has an empty segment/)
    expect(() => pathOf('')).toThrow(/the path is empty/)
  })
})

describe('patterns', () => {
  it('read an unquoted `*` as any one key, a quoted one as the key `*`', () => {
    expect(parsePattern('orders.*.at')).toEqual({ ok: true, segments: ['orders', ANY_KEY, 'at'] })
    expect(patternOf('orders["*"].at')).toEqual(['orders', '*', 'at'])
  })

  it('match one place exactly, or cover it and what lies below', () => {
    const pattern = patternOf('orders.*.at')
    expect(matchesPattern(pattern, ['orders', 'o_1', 'at'])).toBe(true)
    expect(matchesPattern(pattern, ['orders', 'o_1', 'at', 'x'])).toBe(false)
    expect(matchesPattern(pattern, ['orders', 'o_1', 'status'])).toBe(false)
    expect(patternCovers(pattern, ['orders', 'o_1', 'at', 'x'])).toBe(true)
    expect(patternCovers(patternOf('orders.o_1'), ['orders', 'o_10'])).toBe(false)
    expect(matchesPattern(patternOf('items["*"]'), ['items', 'x'])).toBe(false)
  })
})

describe('formatPath', () => {
  it('writes plain keys with dots and quotes only the keys that need it', () => {
    expect(formatPath(['orders', 'o_1', 'status'])).toBe('orders.o_1.status')
    expect(formatPath(['orders', 'o.1', 'status'])).toBe('orders["o.1"].status')
    expect(formatPath(['a.b'])).toBe('["a.b"]')
    expect(formatPath(['items', '*'])).toBe('items["*"]')
    expect(formatPath(['orders', ANY_KEY])).toBe('orders.*')
    expect(formatPath([])).toBe('')
  })

  it('reads back as the same segments, for any keys', () => {
    const key = fc
      .string({ unit: fc.constantFrom('a', '.', '{', '}', '[', ']', '"', '*', '\\', 'é', ' ') })
      .filter((text) => text !== '' && !FORBIDDEN_SEGMENTS.includes(text))
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 5 }), (segments) => {
        expect(pathOf(formatPath(segments))).toEqual(segments)
      }),
      { numRuns: 500 },
    )
  })
})
