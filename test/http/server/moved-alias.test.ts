import { afterEach, describe, expect, it, vi } from 'vitest'
import { serveTwin } from '../../../src/public/index.ts'
import { shopDocument } from '../support/shop-twin.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('serveTwin from the package root (moved to agenttwin/server in 0.2.0)', () => {
  it('still serves the twin, and says once where the function went', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const first = await serveTwin(shopDocument, { port: 0, inspectionToken: false })
    const second = await serveTwin(shopDocument, { port: 0, inspectionToken: false })
    try {
      const answer = await fetch(`${first.url}/__agenttwin/records`)
      expect(answer.status).toBe(200)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]).toEqual([
        expect.stringContaining("import { serveTwin } from 'agenttwin/server'"),
        { type: 'DeprecationWarning', code: 'AGENTTWIN_MOVED_EXPORT' },
      ])
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})
