import { execFileSync } from 'node:child_process'
import { appendFileSync, copyFileSync, cpSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { moduleStates } from './helpers/results.ts'
import { runVitest } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// A scratch copy of the blast-radius fixture, at the same depth as the
// fixtures so its relative imports (src/, examples/) still resolve, made a
// git repository of its own so `changed` sees exactly the edits below.
const fixture = fileURLToPath(new URL('./fixtures/blast-radius', import.meta.url))
const demoTwin = fileURLToPath(
  new URL('../../examples/demo-co/twins/demo-co.twin.yaml', import.meta.url),
)
const dir = freshTmpDir('blast-radius')

function git(...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=AgentTwin e2e', '-c', 'user.email=e2e@example.invalid', ...args],
    { cwd: dir, encoding: 'utf8' },
  )
}

/** The files a run executed, relative to the scratch project, with their state. */
async function filesRun(options: { changed?: boolean; related?: string[] }): Promise<string[]> {
  const run = await runVitest({ root: dir, passWithNoTests: true, ...options })
  return moduleStates(run.modules, dir)
}

beforeAll(() => {
  cpSync(fixture, dir, {
    recursive: true,
    filter: (source) => !relative(fixture, source).startsWith('node_modules'),
  })
  copyFileSync(demoTwin, `${dir}/twins/demo-co.twin.yaml`)
  // Vite's cache under node_modules/ must not count as a change.
  writeFileSync(`${dir}/.gitignore`, 'node_modules/\n')
  git('init', '--quiet')
  git('add', '.')
  git('commit', '--quiet', '--no-gpg-sign', '-m', 'fixture')
})

beforeEach(() => {
  // Each test starts from the committed tree.
  git('checkout', '--quiet', '--', '.')
})

describe('vitest --changed (changed: true) reruns the scenarios a change can affect', () => {
  test('a clean tree runs nothing', async () => {
    expect(await filesRun({ changed: true })).toEqual([])
  })

  test("a changed twin reruns the scenarios that use it, not another twin's", async () => {
    appendFileSync(`${dir}/twins/demo-co.twin.yaml`, '# reviewed\n')
    expect(git('status', '--porcelain')).toBe(' M twins/demo-co.twin.yaml\n')
    expect(await filesRun({ changed: true })).toEqual([
      'scenarios/refund-happy-path.scenario.yaml | passed',
    ])
  })

  test('the other twin changed: only its scenario reruns', async () => {
    appendFileSync(`${dir}/twins/order-desk.twin.yaml`, '# reviewed\n')
    expect(await filesRun({ changed: true })).toEqual([
      'scenarios/order-status-question.scenario.yaml | passed',
    ])
  })

  test('a changed agents module reruns every scenario', async () => {
    appendFileSync(`${dir}/agents.ts`, '// reviewed\n')
    expect(await filesRun({ changed: true })).toEqual([
      'scenarios/order-status-question.scenario.yaml | passed',
      'scenarios/refund-happy-path.scenario.yaml | passed',
    ])
  })
})

describe('vitest related <file> (the related option)', () => {
  test('a twin file selects the scenarios that use it', async () => {
    expect(await filesRun({ related: ['twins/order-desk.twin.yaml'] })).toEqual([
      'scenarios/order-status-question.scenario.yaml | passed',
    ])
  })
})
