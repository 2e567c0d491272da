import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { unwritableReason } from '../../src/core/unwritable.ts'

/** The error the file system gives for `write`, or undefined when it succeeds. */
function refusal(write: () => void): unknown {
  try {
    write()
  } catch (error) {
    return error
  }
  return undefined
}

test('names why the file system refused a write, from the real errors it gives', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agenttwin-unwritable-'))
  try {
    mkdirSync(join(dir, 'folder'))
    writeFileSync(join(dir, 'file'), '')
    expect(unwritableReason(refusal(() => writeFileSync(join(dir, 'folder'), 'x')))).toBe(
      'it is a folder',
    )
    expect(unwritableReason(refusal(() => writeFileSync(join(dir, 'file/inner'), 'x')))).toBe(
      'a part of its folder path is a file, not a folder',
    )
    expect(unwritableReason(refusal(() => mkdirSync(join(dir, 'file'), { recursive: true })))).toBe(
      'a part of its folder path is a file, not a folder',
    )
    const long = refusal(() => writeFileSync(join(dir, 'x'.repeat(300)), 'x'))
    expect(unwritableReason(long)).toMatch(/^ENAMETOOLONG/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("is undefined for what is not the file system's answer", () => {
  const bug = refusal(() => writeFileSync({} as unknown as string, 'x'))
  expect((bug as NodeJS.ErrnoException).code).toMatch(/^ERR_/)
  expect(unwritableReason(bug)).toBeUndefined()
  expect(unwritableReason(new TypeError('no code'))).toBeUndefined()
  expect(unwritableReason({ code: 'EISDIR' })).toBeUndefined()
  expect(unwritableReason(undefined)).toBeUndefined()
})
