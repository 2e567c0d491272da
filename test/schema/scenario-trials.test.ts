import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { loadScenarioSync } from '../../src/schema/index.ts'
import { resolveSuiteOptions } from '../../src/vitest/node/resolve-options.ts'
import { caseTrialPlan } from '../../src/vitest/runtime/trial-suite.ts'
import { InvalidPluginOptionsError } from '../../src/vitest/shared/plugin-options-error.ts'
import { fixture, problemsOf, where } from './helpers.ts'

const valid = fixture('valid/refund-timeout.scenario.yaml')
const withTrials = (value: string) =>
  readFileSync(valid, 'utf8').replace('seed: 7', `seed: 7\ntrials: ${value}`)

describe('trials in a scenario', () => {
  test('a whole number from 1 to 1000 is kept', () => {
    expect(loadScenarioSync(valid, { source: withTrials('5') }).document.trials).toBe(5)
  })

  test.each(['0', '2.5', '1001', 'many'])('trials: %s is refused where it is written', (value) => {
    const found = problemsOf(() => loadScenarioSync(valid, { source: withTrials(value) }))
    const line =
      withTrials(value)
        .split('\n')
        .findIndex((text) => text.startsWith('trials:')) + 1
    expect(where(found)).toEqual([`${line}:9 trials`])
    expect(`${found[0]!.message} Fix: ${found[0]!.fix}`).toMatchSnapshot()
  })
})

describe('trials in a scenario as { k, seeds, sequential }', () => {
  const block = (lines: string) =>
    readFileSync(valid, 'utf8').replace('seed: 7', `seed: 7\ntrials:\n${lines}`)

  test('every field is kept, and it wins over the plugin field by field', () => {
    const source = block('  k: 20\n  seeds: independent\n  sequential:\n    looks: 4')
    const { trials } = loadScenarioSync(valid, { source }).document
    expect(trials).toEqual({ k: 20, seeds: 'independent', sequential: { looks: 4 } })
    const plugin = { trials: 10, trialSeeds: 'shared', sequential: { looks: 2 } } as const
    expect(caseTrialPlan(trials, plugin)).toEqual({
      k: 20,
      seeds: 'independent',
      sequential: { looks: 4 },
    })
    // A field the scenario does not give is the plugin's.
    expect(caseTrialPlan({ k: 8 }, plugin)).toEqual({
      k: 8,
      seeds: 'shared',
      sequential: { looks: 2 },
    })
    expect(caseTrialPlan(5, { trialSeeds: 'shared' })).toEqual({ k: 5, seeds: 'shared' })
    expect(caseTrialPlan(undefined, {})).toEqual({ k: 1, seeds: 'independent' })
  })

  test.each([
    ['  k: 0', '2:6 trials.k', '`k` is 0, it must be >= 1 Fix: use an integer from 1 to 1000'],
    [
      '  k: 5\n  seeds: same',
      '3:10 trials.seeds',
      '`seeds` is "same", which is not one of `independent` and `shared` Fix: use one of `independent` and `shared`',
    ],
    [
      '  k: 5\n  sequential:\n    looks: 1',
      '4:12 trials.sequential.looks',
      '`looks` is 1, it must be >= 2 Fix: use an integer from 2 to 20',
    ],
    [
      '  k: 5\n  sequential:\n    looks: 4\n    alpha: 0.1',
      '5:5 trials.sequential.alpha',
      'unknown field `alpha`; allowed here: `looks` Fix: remove `alpha`',
    ],
    [
      '  k: 5\n  looks: 4',
      '3:3 trials.looks',
      'unknown field `looks`; allowed here: `k`, `seeds` and `sequential` Fix: remove `looks`',
    ],
    ['  seeds: shared', '1:1 trials', 'missing required field `k` Fix: add `k:` with an integer'],
  ])('%j is refused where it is written, with the fix', (lines, at, says) => {
    const source = block(lines)
    const found = problemsOf(() => loadScenarioSync(valid, { source }))
    const first = source.split('\n').findIndex((text) => text.startsWith('trials:'))
    // Lines counted from the `trials:` line.
    const [line, rest] = at.split(':') as [string, string]
    expect(where(found)).toEqual([`${first + Number(line)}:${rest}`])
    expect(`${found[0]!.message} Fix: ${found[0]!.fix}`).toBe(says)
  })
})

describe('trials and alpha as plugin options', () => {
  test('are checked when Vitest starts, with the fix', () => {
    expect(resolveSuiteOptions({ trials: 5, alpha: 0.01 }, '/r')).toMatchObject({
      trials: 5,
      alpha: 0.01,
    })
    expect(() => resolveSuiteOptions({ trials: 0 }, '/r')).toThrow(InvalidPluginOptionsError)
    expect(() => resolveSuiteOptions({ trials: 2.5 }, '/r')).toThrow(
      'agentTwin(): trials: must be a whole number from 1 to 1000, got 2.5. Fix: give a whole number of trials from 1 to 1000, e.g. trials: 5',
    )
    expect(() => resolveSuiteOptions({ alpha: 1 }, '/r')).toThrow(
      'agentTwin(): alpha: must be a number between 0 and 1, got 1. Fix: give a significance level between 0 and 1, e.g. alpha: 0.05',
    )
  })

  test('trials as { k, seeds, sequential }: each field checked, unknown keys refused', () => {
    expect(
      resolveSuiteOptions({ trials: { k: 20, seeds: 'shared', sequential: { looks: 4 } } }, '/r'),
    ).toMatchObject({ trials: 20, trialSeeds: 'shared', sequential: { looks: 4 } })
    // Each side its own seeds is the default: nothing to pass on.
    expect(resolveSuiteOptions({ trials: { k: 5, seeds: 'independent' } }, '/r')).toEqual({
      pairs: [],
      seed: 0,
      timeoutMs: 30_000,
      trials: 5,
    })
    const refused = (trials: unknown) => {
      try {
        resolveSuiteOptions({ trials: trials as never }, '/r')
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidPluginOptionsError)
        // The call site comes first; what follows is the option's path, the problem and the fix.
        return (error as Error).message.replace(/^.*? agentTwin\(\): /, 'agentTwin(): ')
      }
      throw new Error('accepted')
    }
    expect(refused({ k: 0 })).toBe(
      'agentTwin(): trials.k: must be a whole number from 1 to 1000, got 0. Fix: give a whole number of trials from 1 to 1000, e.g. trials: 5',
    )
    expect(refused({ k: 5, seeds: 'same' })).toBe(
      "agentTwin(): trials.seeds: must be one of 'independent', 'shared', got \"same\". Fix: use one of independent, shared",
    )
    expect(refused({ k: 5, sequential: { looks: 1 } })).toBe(
      'agentTwin(): trials.sequential.looks: must be a whole number from 2 to 20, got 1. Fix: give the number of looks, a whole number from 2 to 20, e.g. sequential: { looks: 4 }',
    )
    expect(refused({ k: 5, sequential: { looks: 4, alpha: 1 } })).toMatch(
      /trials.sequential.alpha: unknown option "alpha"/,
    )
    expect(refused({ k: 5, sequential: true })).toMatch(/trials.sequential: must be an object/)
    expect(refused({ k: 5, looks: 4 })).toMatch(
      /^agentTwin\(\): trials.looks: unknown option "looks". Fix: .*the options here are: k, seeds, sequential/,
    )
    expect(refused({})).toMatch(/trials.k: is missing/)
  })

  test('without them nothing is added to what the test modules receive', () => {
    expect(resolveSuiteOptions({}, '/r')).toEqual({ pairs: [], seed: 0, timeoutMs: 30_000 })
  })
})
