import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parsePositionedDocument } from '../../src/judge/document.ts'
import { loadScenario, loadScenarioSync, loadTwinSync, parseTwin } from '../../src/schema/index.ts'
import { fixture, problemsOf, shown, where } from './helpers.ts'

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
    expect(shown([problem!], { dir })).toMatchInlineSnapshot(`
      [
        "<dir>/latin1.twin.yaml:5:19 the file is not valid UTF-8 here (byte 101). Fix: save the file as UTF-8; a value that needs other characters can be written as JSON escapes such as "\\u00e9"",
      ]
    `)
  })

  it('refuses 3,000 levels of block nesting (indented mappings, `- ` lists) at the first line past the limit', () => {
    const mappings = Array.from({ length: 3000 }, (_, level) => `${'  '.repeat(level + 2)}k:`)
    const text = valid.replace('metadata:\n', `metadata:\n  extra:\n${mappings.join('\n')}\n`)
    const problems = problemsOf(() => parseTwin(text, 'block.twin.yaml'))
    expect(problems[0]).toMatchObject({
      // `metadata:` is line 2 (level 1), `extra:` line 3 (level 2): line 66 opens level 65.
      line: 66,
      message: 'values are nested more than 64 levels deep here',
    })
    const lists = valid.replace('metadata:\n', `metadata:\n  extra:\n    ${'- '.repeat(3000)}x\n`)
    expect(problemsOf(() => parseTwin(lists, 'lists.twin.yaml'))).toContainEqual(
      expect.objectContaining({
        line: 4,
        message: 'values are nested more than 64 levels deep here',
      }),
    )
  })

  it('keeps block scalars as text: deeply indented lines inside `|` are no levels', () => {
    const lines = Array.from({ length: 100 }, (_, level) => `${'  '.repeat(level + 2)}line`)
    const text = valid.replace('state:\n', `state:\n  note: |\n${lines.join('\n')}\n`)
    const kept = lines.map((_, level) => `${'  '.repeat(level)}line\n`).join('')
    expect(parseTwin(text, 'scalar.twin.yaml').state.note).toBe(kept)
  })

  it('gives the files a judge reads (labels, overrides) the same alias and depth guards', () => {
    const bomb = [
      '- a: &a [x, x, x, x, x, x, x, x, x]',
      '  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      '  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      '  d: [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
    ].join('\n')
    expect(problemsOf(() => parsePositionedDocument('labels.yaml', bomb))[0]).toMatchObject({
      file: 'labels.yaml',
      line: 2,
      message: 'aliases expand to more than 100 nodes (an alias bomb)',
    })
    const deep = `- note:\n${Array.from({ length: 3000 }, (_, l) => `${'  '.repeat(l + 2)}k:`).join('\n')}\n`
    expect(problemsOf(() => parsePositionedDocument('overrides.yaml', deep))[0]).toMatchObject({
      message: 'values are nested more than 64 levels deep here',
    })
  })

  it("reports invalid UTF-8 in a scenario's twin at the bad byte in the twin, not at the scenario's twin: line", async () => {
    const bytes = Buffer.from(valid.replace('description: Orders', 'description: Caf\u0000 Orders'))
    bytes[bytes.indexOf(0)] = 0xe9
    writeFileSync(join(dir, 'payments.twin.yaml'), bytes)
    const scenario = join(dir, 'refund.scenario.yaml')
    writeFileSync(scenario, readFileSync(fixture('valid/refund-timeout.scenario.yaml')))
    const problems = problemsOf(() => loadScenarioSync(scenario))
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: join(dir, 'payments.twin.yaml'),
        line: 5,
        column: 19,
        message: expect.stringMatching(/^the file is not valid UTF-8 here/),
      }),
    )
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: scenario,
        path: 'twin',
        message:
          'the twin "./payments.twin.yaml" is invalid (1 problem, reported at its own lines)',
      }),
    )
    await expect(loadScenario(scenario)).rejects.toThrowError(/payments\.twin\.yaml:5:19/)
  })
})
