import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { agentTwin, InvalidPluginOptionsError } from '../../src/public/vitest.ts'
import type { AgentTwinOptions } from '../../src/vitest/shared/options.ts'

const here = fileURLToPath(import.meta.url)

function rejected(options: unknown): InvalidPluginOptionsError {
  try {
    agentTwin(options as AgentTwinOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPluginOptionsError)
    return error as InvalidPluginOptionsError
  }
  throw new Error('agentTwin() accepted the options')
}

describe('agentTwin() checks every option where the config calls it', () => {
  test('an unknown option, with the closest name and the call site of the config', () => {
    const error = rejected({ scenario: 'x.scenario.yaml', agents: './agents.ts' })
    expect(error.code).toBe('AGENTTWIN_INVALID_PLUGIN_OPTIONS')
    expect(error.problems).toEqual([
      {
        path: 'scenario',
        message: 'unknown option "scenario"',
        fix: expect.stringMatching(/^did you mean "scenarios"\? the options here are: scenarios, /),
      },
    ])
    expect(error.site?.file).toBe(here)
    expect(error.message).toMatch(new RegExp(`^${here}:\\d+:\\d+ agentTwin\\(\\): scenario: `))
  })

  test('unknown keys inside an option, at any depth', () => {
    const error = rejected({
      network: { allowHost: ['api.example.com'] },
      judge: { provder: 'anthropic' },
      pairs: [{ baseline: 'v1', candidate: 'v2', expectgate: 'BLOCK' }],
      reporter: { htmlfile: 'x.html' },
    })
    expect(error.problems.map((problem) => [problem.path, problem.fix.split('?')[0]])).toEqual([
      ['network.allowHost', 'did you mean "allowHosts"'],
      ['judge.provder', 'did you mean "provider"'],
      ['pairs[0].expectgate', 'did you mean "expectGate"'],
      ['reporter.htmlfile', 'did you mean "htmlFile"'],
    ])
  })

  test('wrong types and ranges, every one at once', () => {
    const error = rejected({
      scenarios: 42,
      agents: '',
      agentFiles: ['agent/*.ts', 7],
      versions: 'v1',
      seed: 1.5,
      trials: 0,
      alpha: 2,
      timeoutMs: -1,
      gate: { block: ['REGRESSD'] },
      models: { mode: 'replai', hosts: ['https://', 3] },
      network: { guard: 'file', allowLoopback: 'yes' },
      judge: { threshold: 7 },
      reporter: 'json',
    })
    expect(error.problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      'scenarios: must be a non-empty string, got 42',
      'agents: must be a non-empty string, got ""',
      'agentFiles[1]: must be a non-empty string, got 7',
      'versions: must be a list, got "v1"',
      'seed: must be a whole number, got 1.5',
      'trials: must be a whole number from 1 to 1000, got 0',
      'alpha: must be a number between 0 and 1, got 2',
      'timeoutMs: must be a positive number of milliseconds, got -1',
      "gate.block[0]: must be one of 'NEW_CRITICAL_FAILURE', 'REGRESSED', 'INCOMPLETE', 'IMPROVED', 'UNCHANGED', got \"REGRESSD\"",
      "models.mode: must be one of 'live', 'record', 'replay', 'auto', 'off', got \"replai\"",
      'models.hosts[0]: must be a host name or a base URL, got "https://"',
      'models.hosts[1]: must be a host name or a base URL, got 3',
      "network.guard: must be one of 'run', 'case', got \"file\"",
      'network.allowLoopback: must be true or false, got "yes"',
      'judge.threshold: must be a number from 0 to 1, got 7',
      'reporter: must be an object, got "json"',
    ])
    expect(error.problems.find((problem) => problem.path === 'models.mode')?.fix).toBe(
      "did you mean 'replay'?",
    )
  })

  test('a bad pair version: a pair needs both versions, as non-empty strings', () => {
    const error = rejected({ pairs: [{ baseline: 'v1' }, { baseline: '', candidate: 'v2' }] })
    expect(error.problems.map((problem) => problem.path)).toEqual([
      'pairs[1].baseline',
      'pairs[0].candidate',
    ])
  })

  test('valid options, empty lists included, pass', () => {
    expect(() =>
      agentTwin({
        scenarios: [],
        agentFiles: [],
        pairs: [{ baseline: 'v1', candidate: 'v2', expectGate: 'BLOCK' }],
        models: { hosts: ['api.openai.com', 'http://127.0.0.1:4010/v1'], mode: 'replay' },
        network: { guard: 'case', allowHosts: ['api.example.com:8443'], allowLoopback: true },
        judge: { provider: 'fake', threshold: 0.8 },
        reporter: { outputFile: false, htmlFile: 'r.html' },
        gate: { block: ['REGRESSED'], warn: ['INCOMPLETE'], empty: 'PASS' },
      }),
    ).not.toThrow()
  })
})
