import { afterEach, describe, expect, it, vi } from 'vitest'
import { deepFreeze } from '../../src/core/freeze.ts'
import { LimitExceededError } from '../../src/core/limits.ts'
import { createTwin } from '../../src/twin/index.ts'
import { orders, refundTool, twinDocument } from './support/documents.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A twin whose fixtures are about 4 KiB as JSON. */
function bigDocument() {
  const fixtures = orders()
  fixtures.notes = { o_1: 'x'.repeat(4096) }
  return twinDocument([refundTool()], fixtures)
}

describe("a twin's state size limit", () => {
  it('refuses fixtures over AGENTTWIN_MAX_STATE_BYTES, naming the twin and the limit', () => {
    vi.stubEnv('AGENTTWIN_MAX_STATE_BYTES', '1KiB')
    expect(() => createTwin(bigDocument())).toThrow(LimitExceededError)
    expect(() => createTwin(bigDocument())).toThrow(
      /The state of twin "shop" is over the twin state size limit of 1 KiB/,
    )
  })

  it('checks a frozen document shared by many twins against the limit in force at each creation', () => {
    const shared = deepFreeze(bigDocument())
    expect(createTwin(shared).state()).toMatchObject({ notes: { o_1: expect.any(String) } })
    vi.stubEnv('AGENTTWIN_MAX_STATE_BYTES', '1KiB')
    expect(() => createTwin(shared)).toThrow(LimitExceededError)
    vi.stubEnv('AGENTTWIN_MAX_STATE_BYTES', '8KiB')
    expect(createTwin(shared).disposed).toBe(false)
    vi.stubEnv('AGENTTWIN_MAX_STATE_BYTES', '2KiB')
    expect(() => createTwin(shared)).toThrow(LimitExceededError)
  })

  it('counts the overrides a scenario merges in', () => {
    vi.stubEnv('AGENTTWIN_MAX_STATE_BYTES', '2KiB')
    const small = deepFreeze(twinDocument([refundTool()], orders()))
    expect(createTwin(small).disposed).toBe(false)
    expect(() =>
      createTwin(small, { stateOverrides: { notes: { o_2: 'y'.repeat(4096) } } }),
    ).toThrow(LimitExceededError)
  })
})
