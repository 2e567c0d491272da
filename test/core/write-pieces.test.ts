import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { writeTextPieces } from '../../src/core/write-pieces.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agenttwin-write-pieces-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

test('writes the pieces in order, several writes for a large text', () => {
  const file = join(dir, 'page.html')
  // About 300 KB of text with characters of one to four bytes: several 64 KB writes.
  const pieces = Array.from(
    { length: 3000 },
    (_, index) => `<p>${index} ✓ é 𝄞 ${'x'.repeat(80)}</p>\n`,
  )
  writeTextPieces(file, pieces)
  expect(readFileSync(file, 'utf8')).toBe(pieces.join(''))
  expect(readdirSync(dir)).toEqual(['page.html'])
})

test('replaces a file that was there', () => {
  const file = join(dir, 'report.json')
  writeFileSync(file, 'an older and longer report\n'.repeat(100))
  writeTextPieces(file, ['{', '}', '\n'])
  expect(readFileSync(file, 'utf8')).toBe('{}\n')
})

test('a piece that throws leaves the old file as it was and nothing beside it', () => {
  const file = join(dir, 'report.html')
  writeFileSync(file, 'the last complete page')
  function* failing(): Generator<string> {
    yield 'x'.repeat(100_000)
    throw new Error('a renderer bug')
  }
  expect(() => writeTextPieces(file, failing())).toThrow('a renderer bug')
  expect(readFileSync(file, 'utf8')).toBe('the last complete page')
  expect(readdirSync(dir)).toEqual(['report.html'])
})

test('a target the system refuses throws its error and leaves nothing beside it', () => {
  const file = join(dir, 'page.html')
  mkdirSync(file)
  expect(() => writeTextPieces(file, ['<p>', 'a page', '</p>'])).toThrow(
    expect.objectContaining({ code: 'EISDIR' }),
  )
  expect(readdirSync(dir)).toEqual(['page.html'])
  expect(readdirSync(file)).toEqual([])
})
