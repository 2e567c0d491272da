import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { OWN_MODULES, ownCodeDir, ownModule, ownRoot } from '../../src/core/own-files.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))

describe('the files the package loads by path', () => {
  test('are found from the package root, here the sources', () => {
    expect(join(ownRoot(), '/')).toBe(repo)
    expect(ownCodeDir()).toBe(join(repo, 'src'))
  })

  test.each(OWN_MODULES)('%s is a module of the running code', (name) => {
    const path = ownModule(name)
    expect(path).toBe(join(repo, 'src', `${name}.ts`))
    expect(existsSync(path)).toBe(true)
  })
})
