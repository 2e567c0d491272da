import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mineCommand } from '../../src/cli/commands/mine.ts'
import { reportCommand } from '../../src/cli/commands/report.ts'
import { refuseOverwritingInput } from '../../src/cli/output-path.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { capture, tempDir } from './commands/support/capture.ts'

const temp = tempDir({ 'input.json': '{"kept": true}\n', 'other.json': '{}\n' })
const input = join(temp.dir, 'input.json')
afterAll(() => temp.remove())

describe('refuseOverwritingInput', () => {
  it('lets an output that is no input through, existing or not', () => {
    expect(() => refuseOverwritingInput([input], join(temp.dir, 'other.json'))).not.toThrow()
    expect(() => refuseOverwritingInput([input], join(temp.dir, 'new', 'out.json'))).not.toThrow()
  })

  it('refuses the same file however the output path spells it', () => {
    mkdirSync(join(temp.dir, 'sub'), { recursive: true })
    symlinkSync(input, join(temp.dir, 'link.json'))
    symlinkSync(temp.dir, join(temp.dir, 'sub', 'up'))
    linkSync(input, join(temp.dir, 'hard.json'))
    const spellings = [
      input,
      join(temp.dir, '.', 'sub', '..', 'input.json'),
      relative(process.cwd(), input),
      join(temp.dir, 'link.json'),
      join(temp.dir, 'sub', 'up', 'input.json'),
      join(temp.dir, 'hard.json'),
    ]
    for (const output of spellings) {
      expect(
        () => refuseOverwritingInput([join(temp.dir, 'other.json'), input], output),
        output,
      ).toThrowError(expect.objectContaining({ code: 'AGENTTWIN_OUTPUT_IS_INPUT' }))
    }
    expect(() => refuseOverwritingInput([input], join(temp.dir, 'hard.json'))).toThrowError(
      'a hard link to the same file',
    )
  })
})

describe('no verb destroys its input', () => {
  it('agenttwin mine x.json --out ./x.json: refused, the input unchanged', async () => {
    const result = await capture(mineCommand, ['input.json', '--out', './input.json'], temp.dir)
    expect(result.code).toBe(2)
    expect(normaliseText(result.stderr, { dir: temp.dir })).toMatchInlineSnapshot(`
      "agenttwin mine: the output <dir>/input.json is the input <dir>/input.json (the same path); writing it would destroy the input. Fix: write the output to another path. [AGENTTWIN_OUTPUT_IS_INPUT]
      "
    `)
    expect(readFileSync(input, 'utf8')).toBe('{"kept": true}\n')
  })

  it('agenttwin report r.json --out r.json: refused, the report unchanged', async () => {
    const report = join(temp.dir, 'report.json')
    copyFileSync('test/report/fixtures/trials-report.json', report)
    const before = readFileSync(report, 'utf8')
    const result = await capture(reportCommand, ['report.json', '--out', report], temp.dir)
    expect(result.code).toBe(2)
    expect(normaliseText(result.stderr, { dir: temp.dir })).toMatchInlineSnapshot(`
      "agenttwin report: the output <dir>/report.json is the input <dir>/report.json (the same path); writing it would destroy the input. Fix: write the output to another path. [AGENTTWIN_OUTPUT_IS_INPUT]
      "
    `)
    expect(readFileSync(report, 'utf8')).toBe(before)
  })

  it('an output under a regular file is a coded error, not a raw ENOTDIR', async () => {
    const report = join(temp.dir, 'report.json')
    writeFileSync(join(temp.dir, 'plain'), 'a file, not a folder')
    const result = await capture(
      reportCommand,
      ['report.json', '--out', 'plain/page.html'],
      temp.dir,
    )
    expect(result.code).toBe(2)
    expect(normaliseText(result.stderr, { dir: temp.dir })).toMatchInlineSnapshot(`
      "agenttwin report: cannot write <dir>/plain/page.html: a part of its folder path is a file, not a folder. Fix: choose an output path whose folders are folders (or can be created) and that may be written. [AGENTTWIN_UNWRITABLE_OUTPUT]
      "
    `)
    expect(readFileSync(report, 'utf8').length).toBeGreaterThan(0)
  })
})
