import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type InstalledProject,
  installPackedProject,
  pinned,
  writeUserTsconfig,
} from './helpers/installed-project.ts'

// Each framework installed as the user's own dependency beside the packed
// tarball (one install for all four), and an unchanged agent of each tested
// through its adapter entry: a twin tool in-process, the user's own HTTP tool
// (a fetch to the real host, which the twin serves), and the user's own refund
// tool pointed at the twin.
const fixtures = fileURLToPath(new URL('./fixtures/installed-adapters/', import.meta.url))
const FRAMEWORKS = ['ai-sdk', 'openai-agents', 'langchain', 'mastra']
let project: InstalledProject

beforeAll(() => {
  project = installPackedProject(
    'agenttwin-adapters-',
    [
      pinned('vitest'),
      pinned('vite'),
      pinned('typescript'),
      pinned('@types/node'),
      pinned('zod'),
      pinned('ai'),
      pinned('@openai/agents'),
      pinned('@langchain/core'),
      pinned('langchain'),
      pinned('@mastra/core'),
    ],
    // @mastra/core 0.24 nests AI SDK 5 providers whose peer is `ai` 5, beside the user's `ai` 6:
    // npm refuses that tree unless told to leave peers to the user, as a project using both must.
    ['--legacy-peer-deps'],
  )
  mkdirSync(join(project.dir, 'test'))
  for (const file of readdirSync(fixtures)) {
    const target = file.replace(/\.user\.ts$/, '.test.ts')
    copyFileSync(join(fixtures, file), join(project.dir, 'test', target))
  }
  writeUserTsconfig(project.dir, { include: ['test/**/*.ts'], skipLibCheck: true })
}, 900_000)

afterAll(() => {
  if (project) rmSync(project.dir, { recursive: true, force: true })
})

describe('each framework adapter, from the installed tarball', () => {
  test('an unchanged agent of each framework runs a case through its adapter entry', () => {
    const result = project.run('npx', ['vitest', 'run'])
    const output = result.stdout + result.stderr
    // Membership on purpose: Vitest lists the files in the order they finish, with their durations.
    for (const framework of FRAMEWORKS) expect(output).toContain(`test/${framework}.test.ts`)
    expect(output).toMatch(/Test Files\s+4 passed \(4\)/)
    expect(result.code).toBe(0)
  })

  test("the agents and tools type-check against the frameworks' own types", () => {
    const result = project.run('npx', ['tsc', '-p', '.'])
    expect(result.stdout + result.stderr).toBe('')
    expect(result.code).toBe(0)
  })
})
