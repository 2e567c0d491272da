import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { fileDigest } from '../../src/schema/document-store.ts'
import { offerCheckedTwin } from '../../src/schema/offered-twins.ts'
import { loadTwin, loadTwinSync } from '../../src/schema/parse-twin.ts'

// A twin the main process checked, offered to the test file by path and digest: loading the
// same bytes gives a copy of it; loading changed bytes reads and checks the file as it is.
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-offered-twin-'))
const file = join(dir, 'demo-co.twin.yaml')
copyFileSync(join(import.meta.dirname, '../../examples/demo-co/twins/demo-co.twin.yaml'), file)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The file's twin as checked elsewhere, marked so a test can tell it from a fresh parse. */
function offerAsChecked(): void {
  const checked = loadTwinSync(file)
  checked.metadata.description = 'as the main process checked it'
  offerCheckedTwin(file, fileDigest(readFileSync(file)), checked)
}

describe('a twin offered by the main process', () => {
  test('is what loadTwinSync and loadTwin give for the same bytes, each a copy of its own', async () => {
    offerAsChecked()
    const first = loadTwinSync(file)
    expect(first.metadata.description).toBe('as the main process checked it')
    first.metadata.description = 'changed by the agent module'
    expect(loadTwinSync(file).metadata.description).toBe('as the main process checked it')
    expect((await loadTwin(file)).metadata.description).toBe('as the main process checked it')
  })

  test('is not used once the file changed: the file is read and checked as it is now', async () => {
    offerAsChecked()
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace(/^(\s*description: ).*$/m, '$1Edited since.'))
    expect(loadTwinSync(file).metadata.description).toBe('Edited since.')
    expect((await loadTwin(file)).metadata.description).toBe('Edited since.')
    writeFileSync(file, text.replace(/^(\s*description: ).*$/m, '$1[unclosed'))
    expect(() => loadTwinSync(file)).toThrow(/demo-co\.twin\.yaml:\d+:\d+/)
  })
})
