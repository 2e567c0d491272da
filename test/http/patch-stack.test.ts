import { describe, expect, it } from 'vitest'
import { PatchStack } from '../../src/http/patch-stack.ts'

describe('the patches of an interception', () => {
  it('come off in reverse order, each once', () => {
    const log: string[] = []
    const stack = new PatchStack()
    for (const name of ['msw', 'fetch', 'sockets']) {
      stack.apply(name, () => {
        log.push(`on ${name}`)
        return () => log.push(`off ${name}`)
      })
    }
    expect(stack.applied).toEqual(['msw', 'fetch', 'sockets'])
    stack.undoAll()
    stack.undoAll()
    expect(log).toEqual(['on msw', 'on fetch', 'on sockets', 'off sockets', 'off fetch', 'off msw'])
    expect(stack.applied).toEqual([])
  })

  it('all come off when one undo fails, and the failure is thrown after', () => {
    const off: string[] = []
    const stack = new PatchStack()
    stack.apply('first', () => () => off.push('first'))
    stack.apply('broken', () => () => {
      throw new Error('cannot restore')
    })
    stack.apply('last', () => () => off.push('last'))
    expect(() => stack.undoAll()).toThrowError('cannot restore')
    expect(off).toEqual(['last', 'first'])
  })
})
