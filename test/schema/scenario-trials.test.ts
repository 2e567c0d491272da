import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { loadScenarioSync } from '../../src/schema/index.ts'
import { InvalidPluginOptionsError, resolveSuiteOptions } from '../../src/vitest/resolve-options.ts'
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

  test('without them nothing is added to what the test modules receive', () => {
    expect(resolveSuiteOptions({}, '/r')).toEqual({ pairs: [], seed: 0, timeoutMs: 30_000 })
  })
})
