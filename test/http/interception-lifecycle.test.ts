import { afterEach, describe, expect, it } from 'vitest'
import {
  createInterception,
  type Interception,
  InterceptionActiveError,
} from '../../src/public/msw.ts'

let network: Interception | undefined
afterEach(() => network?.dispose())

describe('an interception as an object', () => {
  it('is applied from creation, disposed once, and puts fetch back', () => {
    const original = globalThis.fetch
    network = createInterception()
    expect(network.readyState).toBe('applied')
    expect(globalThis.fetch).not.toBe(original)
    network.dispose()
    network.dispose()
    expect(network.readyState).toBe('disposed')
    expect(network.disposed).toBe(true)
    expect(globalThis.fetch).toBe(original)
  })

  it('is one at a time, and the next one can start once it is disposed', () => {
    network = createInterception()
    expect(() => createInterception()).toThrow(InterceptionActiveError)
    network.dispose()
    network = createInterception()
    expect(network.readyState).toBe('applied')
  })
})
