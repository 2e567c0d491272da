import { relative } from 'node:path'
import type { TestCase, TestModule } from 'vitest/node'

/** Every test of a run, in file order, as `file:line:col | full name | state`. */
export function testList(modules: readonly TestModule[], root: string): string[] {
  return sortedModules(modules).flatMap((module) =>
    [...module.children.allTests()].map((test) => {
      const where = test.location ? `:${test.location.line}:${test.location.column}` : ''
      return `${relative(root, module.moduleId)}${where} | ${test.fullName} | ${test.result().state}`
    }),
  )
}

/** Each file with its state, for runs where whole files fail. */
export function moduleStates(modules: readonly TestModule[], root: string): string[] {
  return sortedModules(modules).map(
    (module) => `${relative(root, module.moduleId)} | ${module.state()}`,
  )
}

/** The one test whose full name ends with `name`. */
export function findTest(modules: readonly TestModule[], name: string): TestCase {
  const found = modules.flatMap((module) =>
    [...module.children.allTests()].filter((test) => test.fullName.endsWith(name)),
  )
  if (found.length !== 1) {
    throw new Error(`expected one test named "… ${name}", found ${found.length}`)
  }
  return found[0]!
}

function sortedModules(modules: readonly TestModule[]): TestModule[] {
  return [...modules].sort((a, b) => a.moduleId.localeCompare(b.moduleId))
}
