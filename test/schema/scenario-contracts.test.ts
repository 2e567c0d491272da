import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadScenarioSync } from '../../src/schema/index.ts'
import { problemsOf, shown } from './helpers.ts'

const pack = new URL('../../examples/outcome-contracts/', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-scenario-contracts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
cpSync(pack, dir, { recursive: true })
const scenario = join(dir, 'scenarios/ready-vs-accepted-handoff.scenario.yaml')
const contract = join(dir, 'contracts/handoff-accepted.contract.yaml')
const original = readFileSync(contract, 'utf8')

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((line) => line.includes(needle)) + 1
}

describe('a scenario checks the contracts it names before any agent runs', () => {
  it('loads when the contract is valid and fits the twin', () => {
    writeFileSync(contract, original)
    expect(loadScenarioSync(scenario).document.id).toBe('ready-vs-accepted-handoff')
  })

  it('reports a broken contract at its own lines, and points at the expectation', () => {
    const broken = original.replace('owner:', 'ownr:')
    writeFileSync(contract, broken)
    const problems = problemsOf(() => loadScenarioSync(scenario))
    const inContract = problems.filter((problem) => problem.file === contract)
    expect(inContract.length).toBeGreaterThan(0)
    expect(inContract.map((problem) => problem.line)).toContain(lineOf(broken, 'ownr:'))
    const atExpectation = problems.find((problem) => problem.file === scenario)
    expect(atExpectation).toMatchObject({ path: 'expectations[0].contract' })
    expect(atExpectation!.message).toMatch(
      /is invalid \(\d+ problems?, reported at its own lines\)/,
    )
  })

  it('reports a tool the twin lacks, located in the contract, with the tools it has', () => {
    const wrong = original.replace('tools: [request_handoff]', 'tools: [request_handof]')
    writeFileSync(contract, wrong)
    const problems = problemsOf(() => loadScenarioSync(scenario))
    const tool = problems.find((problem) => problem.file === contract)
    expect(tool).toMatchObject({
      line: lineOf(wrong, 'request_handof]'),
      path: 'allowed_action.tools[0]',
      message: 'twin `outcome-contracts-support` has no tool `request_handof`',
    })
    expect(shown([tool!], { dir })).toMatchInlineSnapshot(`
      [
        "<dir>/contracts/handoff-accepted.contract.yaml:11:27 twin \`outcome-contracts-support\` has no tool \`request_handof\` at allowed_action.tools[0]. Fix: use one of \`request_handoff\` and \`get_handoff\` (did you mean \`request_handoff\`?)",
      ]
    `)
  })
})
