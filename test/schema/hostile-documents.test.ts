import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadTwinSync, parseTwin } from '../../src/schema/index.ts'
import { fixture, problemsOf, where } from './helpers.ts'

const valid = readFileSync(fixture('valid/payments.twin.yaml'), 'utf8')
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-hostile-docs-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('documents that would crash a naive loader', () => {
  it('names an anchor that refers to itself instead of overflowing the stack', () => {
    const text = valid.replace('state:\n', 'state:\n  loopy: &loop { self: *loop }\n')
    const [problem, ...more] = problemsOf(() => parseTwin(text, 'loop.twin.yaml'))
    expect(more).toEqual([])
    expect(problem).toMatchObject({
      line: 9,
      column: 24,
      path: 'state.loopy.self',
      message: 'the alias *loop refers to its own anchor, so the value would never end',
    })
  })

  it('refuses 5,000 levels of nesting with a short, located message and still names the real problem', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const text = valid.replace('metadata:\n', `metadata:\n  extra: ${deep}\n`)
    const problems = problemsOf(() => parseTwin(text, 'deep.twin.yaml'))
    expect(where(problems)).toEqual([
      '3:3 metadata.extra',
      expect.stringMatching(/^3:74 metadata\.extra\[0\]/),
    ])
    expect(problems[0]!.message).toMatch(/^unknown field `extra`/)
    expect(problems[1]!.message).toBe('values are nested more than 64 levels deep here')
    for (const problem of problems) expect(problem.path.length).toBeLessThan(120)
  })

  it('accepts nesting up to the limit', () => {
    const text = valid.replace(
      'state:\n',
      `state:\n  nested: ${'['.repeat(60)}1${']'.repeat(60)}\n`,
    )
    expect(parseTwin(text, 'ok.twin.yaml').state.nested).toBeDefined()
  })

  it('does not count brackets inside quoted strings or comments', () => {
    const text = valid.replace(
      'state:\n',
      `state:\n  # ${'['.repeat(100)}\n  note: "${'{'.repeat(100)}"\n  other: '${'['.repeat(100)}'\n`,
    )
    expect(parseTwin(text, 'quoted.twin.yaml').state.note).toBe('{'.repeat(100))
  })

  it('decodes strictly: invalid UTF-8 is a problem at its line and column, not a silent U+FFFD', () => {
    const file = join(dir, 'latin1.twin.yaml')
    const bytes = Buffer.from(valid.replace('description: Orders', 'description: Caf\u0000 Orders'))
    bytes[bytes.indexOf(0)] = 0xe9
    writeFileSync(file, bytes)
    const [problem] = problemsOf(() => loadTwinSync(file))
    expect(problem).toMatchObject({ file, line: 5, column: 19 })
    expect(problem!.message).toMatch(/^the file is not valid UTF-8 here/)
    expect(problem!.fix).toContain('save the file as UTF-8')
  })
})
