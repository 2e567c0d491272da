import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createModelSession } from '../../src/models/index.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function recordingSession() {
  const dir = mkdtempSync(join(tmpdir(), 'agenttwin-empty-cassette-'))
  dirs.push(dir)
  const file = join(dir, 'refund', 'support@v1.cassette.json')
  const open = () =>
    createModelSession({
      mode: 'record',
      ci: false,
      file,
      caseId: 'refund',
      agent: { name: 'support', version: 'v1' },
      hosts: ['api.openai.com'],
    })
  return { file, open }
}

describe('recording a case that sends no model request', () => {
  it('writes no cassette: an agent without model traffic leaves no empty file behind', () => {
    const { file, open } = recordingSession()
    const models = open().finish()
    expect(models.calls).toEqual([])
    expect(existsSync(file)).toBe(false)
  })

  it('empties the cassette it used to need, so a stale recording is never replayed', () => {
    const { file, open } = recordingSession()
    const stale = {
      schema: 'agenttwin/cassette.v1',
      case: 'refund',
      agent: { name: 'support', version: 'v1' },
      trial: 0,
      interactions: [{ stale: true }],
    }
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, JSON.stringify(stale))
    open().finish()
    expect(JSON.parse(readFileSync(file, 'utf8')).interactions).toEqual([])
  })
})
