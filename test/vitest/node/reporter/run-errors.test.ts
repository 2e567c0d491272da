import { describe, expect, it } from 'vitest'
import type { TestModule } from 'vitest/node'
import { collectRunErrors } from '../../../../src/vitest/node/reporter/run-errors.ts'

// Just the parts of Vitest's TestModule and TestCase the collection reads.
interface FakeTest {
  fullName: string
  state: 'passed' | 'failed' | 'skipped'
  errors?: { message: string }[]
  generated?: boolean
}

function moduleOf(
  moduleId: string,
  tests: FakeTest[],
  { plugin = true, errors = [] as { message: string }[] } = {},
): TestModule {
  return {
    moduleId,
    project: { name: 'hr', vite: { config: { plugins: plugin ? [{ name: 'agenttwin' }] : [] } } },
    errors: () => errors,
    children: {
      *allTests() {
        for (const test of tests) {
          yield {
            fullName: test.fullName,
            meta: () => (test.generated ? { agenttwin: { kind: 'expectation' } } : {}),
            result: () => ({ state: test.state, errors: test.errors }),
          }
        }
      },
    },
  } as unknown as TestModule
}

const RED = (text: string) => `\u001b[31m${text}\u001b[39m`
const vitest = { config: { root: '/project' } } as never

describe('collectRunErrors', () => {
  it('lists each failed test written by hand with its first message as plain text', () => {
    const errors = collectRunErrors(
      vitest,
      [
        moduleOf('/project/tests/leave.test.ts', [
          { fullName: 'leave > files once', state: 'passed' },
          {
            fullName: 'leave > files twice',
            state: 'failed',
            errors: [{ message: `expected ${RED('2')} to be 1` }, { message: 'second' }],
          },
          { fullName: 'leave > skipped', state: 'skipped' },
          // A generated expectation test is its case's verdict already.
          { fullName: 'files-once', state: 'failed', generated: true, errors: [{ message: 'x' }] },
        ]),
      ],
      [],
    )
    expect(errors).toEqual([
      {
        kind: 'failed-test',
        file: 'tests/leave.test.ts',
        project: 'hr',
        test: 'leave > files twice',
        message: 'expected 2 to be 1\n(and 1 more error)',
      },
    ])
  })

  it('leaves out projects without the plugin, and tells a file that did not load from an error in one that did', () => {
    const errors = collectRunErrors(
      vitest,
      [
        moduleOf('/project/unit/math.test.ts', [{ fullName: 'adds', state: 'failed' }], {
          plugin: false,
        }),
        moduleOf('/project/tests/b.test.ts', [], { errors: [{ message: RED('agents.ts threw') }] }),
        moduleOf('/project/tests/a.test.ts', [{ fullName: 'runs', state: 'failed' }], {
          errors: [{ message: 'late rejection' }],
        }),
      ],
      [new Error('outside')],
    )
    expect(errors).toEqual([
      {
        kind: 'unhandled-error',
        file: 'tests/a.test.ts',
        project: 'hr',
        message: 'late rejection',
      },
      {
        kind: 'failed-test',
        file: 'tests/a.test.ts',
        project: 'hr',
        test: 'runs',
        message: 'the test failed',
      },
      { kind: 'load-failure', file: 'tests/b.test.ts', project: 'hr', message: 'agents.ts threw' },
      { kind: 'unhandled-error', message: 'outside' },
    ])
  })
})
