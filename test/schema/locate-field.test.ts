import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { detectDocumentKind, locateField } from '../../src/schema/index.ts'
import { fixture, problemsOf, shown, where } from './helpers.ts'

const file = fixture('valid/refund-timeout.scenario.yaml')
const source = readFileSync(file, 'utf8')

/** The 1-based line of the first line of `source` that contains `text`. */
function lineOf(text: string): number {
  return source.split('\n').findIndex((line) => line.includes(text)) + 1
}

describe('locateField', () => {
  test('points an expectation at its line in the YAML', () => {
    expect(locateField(source, file, ['expectations', 2])).toEqual({
      line: lineOf('id: no-double-refund'),
      column: 5,
    })
    expect(locateField(source, file, ['expectations', 3, 'type'])).toEqual({
      line: lineOf('type: outcomeVerified'),
      column: 11,
    })
  })

  test('a field that is not there points at the nearest existing parent', () => {
    expect(locateField(source, file, ['expectations', 0, 'description'])).toEqual({
      line: lineOf('id: one-refund'),
      column: 5,
    })
  })

  test('an unreadable document points at 1:1', () => {
    expect(locateField('a: [', 'broken.yaml', ['a'])).toEqual({ line: 1, column: 1 })
  })
})

describe('detectDocumentKind', () => {
  test('tells twins and scenarios apart by apiVersion', () => {
    expect(detectDocumentKind(source, file)).toBe('scenario')
    const twinFile = fixture('valid/payments.twin.yaml')
    expect(detectDocumentKind(readFileSync(twinFile, 'utf8'), twinFile)).toBe('twin')
  })

  test('an unknown or missing apiVersion is a problem of the document', () => {
    const unknown = problemsOf(() => detectDocumentKind('apiVersion: v9\nid: x\n', 'x.yaml'))
    expect(where(unknown)).toEqual(['1:13 apiVersion'])
    expect(unknown[0]!.message).toMatch(/^unknown apiVersion "v9"; supported versions are /)
    const missing = problemsOf(() => detectDocumentKind('id: x\n', 'x.yaml'))
    expect(where(missing)).toEqual(['1:1 '])
    expect(shown(missing)).toMatchInlineSnapshot(`
      [
        "x.yaml:1:1 missing \`apiVersion\`: the document does not say what it is. Fix: add \`apiVersion:\` with one of \`agenttwin/twin.v1\`, \`agenttwin/scenario.v1\`, \`agenttwin/contract.v1\` and \`agenttwin/attack.v1\`",
      ]
    `)
  })
})
