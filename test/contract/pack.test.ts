import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { packAgents } from '../../examples/outcome-contracts/agents.ts'
import { packCases } from '../../examples/outcome-contracts/cases.ts'
import { runCase } from '../../src/case/run-case.ts'
import { type ContractCheck, createContractEvaluator } from '../../src/contract/index.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import type { ExpectationResult } from '../../src/core/expectation-result.ts'
import { evaluateExpectations } from '../../src/evaluate/index.ts'
import { pinCase } from '../../src/scenario/pin.ts'
import { loadScenario } from '../../src/schema/index.ts'

const packDir = fileURLToPath(new URL('../../examples/outcome-contracts/', import.meta.url))

interface Ran {
  run: CaseRun
  result: ExpectationResult
  check: ContractCheck
}

const ran = new Map<string, Ran>()

beforeAll(async () => {
  const evaluator = createContractEvaluator()
  for (const packCase of packCases) {
    const loaded = await loadScenario(`${packDir}scenarios/${packCase.id}.scenario.yaml`)
    const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
    const run = await runCase(pinned, packAgents[packCase.id]!)
    const results = await evaluateExpectations(loaded.document.expectations, run, {
      contract: evaluator,
    })
    const result = results.find((r) => r.type === 'contract')!
    ran.set(packCase.id, { run, result, check: result.evidence as unknown as ContractCheck })
  }
})

describe('the outcome-contract pack', () => {
  it('has a scenario and an agent for each of the twelve cases, and nothing else', () => {
    const files = readdirSync(`${packDir}scenarios`).filter((f) => f.endsWith('.scenario.yaml'))
    expect(files.map((f) => f.replace('.scenario.yaml', '')).sort()).toEqual(
      packCases.map((c) => c.id).sort(),
    )
    expect(Object.keys(packAgents).sort()).toEqual(packCases.map((c) => c.id).sort())
    expect(packCases).toHaveLength(12)
  })

  describe.each(packCases.map((c) => [c.id, c] as const))('%s', (id, packCase) => {
    it('runs to the end against its twin', () => {
      const { run } = ran.get(id)!
      expect(run.error).toBeUndefined()
      expect(run.finished).toBe(true)
    })

    it('gets the four expected verdicts', () => {
      expect(ran.get(id)!.check.verdicts).toEqual(packCase.expected)
    })

    it('passes the expectation only when every verdict passes with complete evidence', () => {
      const { result } = ran.get(id)!
      const { execution_ok, state_ok, claim_ok, evidence_complete } = packCase.expected
      const all = [execution_ok, state_ok, claim_ok]
      const label = all.includes('fail')
        ? 'FAIL'
        : all.includes('unknown') || !evidence_complete
          ? 'ERROR'
          : 'PASS'
      expect(result.label).toBe(label)
      for (const [name, verdict] of Object.entries({ execution_ok, state_ok, claim_ok })) {
        if (verdict !== 'pass')
          expect(result.message).toMatch(new RegExp(`\\n${name} ${verdict}: \\S`))
      }
      if (!evidence_complete) expect(result.message).toMatch(/\nevidence incomplete: \S/)
    })
  })

  it('never prints an entity id, e-mail address, card number or token', () => {
    const forbidden = [
      /ORD-100[12]/i,
      /CUS-(417|501)/i,
      /PR-77\b/i,
      /CASE-9\b/i,
      /@example\.(com|net|org)/i,
      /4111 1111/,
      /5500 0000/,
      /tok_live_/i,
      /Lindqvist|Lindgren/i,
    ]
    for (const [id, { result }] of ran) {
      const output = JSON.stringify(result)
      for (const pattern of forbidden) expect(output, `${id} leaks ${pattern}`).not.toMatch(pattern)
    }
  })

  it('keeps the README matrix in step with the cases', () => {
    const readme = readFileSync(`${packDir}README.md`, 'utf8')
    const rows = new Map(
      readme
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map((cells) => [cells[1]!.replaceAll('`', ''), cells.slice(2, 6)] as const),
    )
    for (const packCase of packCases) {
      const { execution_ok, state_ok, claim_ok, evidence_complete } = packCase.expected
      expect(rows.get(packCase.id), `README row for ${packCase.id}`).toEqual([
        execution_ok,
        state_ok,
        claim_ok,
        String(evidence_complete),
      ])
    }
  })
})
