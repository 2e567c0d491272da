import type { MatcherState } from 'vitest'
import {
  type CheckContractOptions,
  createContractEvaluator,
  evaluateContract,
} from '../../contract/index.ts'
import type { ContractDocument } from '../../schema/index.ts'
import { resolveFromTestFile } from '../fixtures/paths.ts'
import { textArgument } from './arguments.ts'
import { caseRunOf } from './case-run.ts'
import { evidenceOf, matcherResult, type SyncMatcherResult } from './verdict.ts'

/** Options of `toSatisfyContract`: the contract checker's own. */
export type ContractMatcherOptions = CheckContractOptions

/**
 * `await expect(run).toSatisfyContract(contract, entity)`: the `contract`
 * expectation. Execution, state and claim must each pass and the evidence be
 * complete; anything unknown is `ERROR`, which fails with and without `.not`.
 * `contract` is a `contract.v1` document, or a URL / absolute path / path
 * relative to the test file.
 * @example
 * await expect(run).toSatisfyContract('contracts/refund-order.contract.yaml', 'ORD-1001')
 */
export async function toSatisfyContract(
  this: MatcherState,
  received: unknown,
  contract: string | URL | ContractDocument,
  entity: string,
  options: ContractMatcherOptions = {},
): Promise<SyncMatcherResult> {
  const name = 'toSatisfyContract'
  const run = caseRunOf(received, name)
  const id = textArgument(name, 'entity', entity)
  const expectation = { id: name, type: 'contract' as const, entity: id }
  const result =
    typeof contract === 'string' || contract instanceof URL
      ? await createContractEvaluator({ ...options, scenarioFile: resolveFromTestFile(contract) })(
          // The evaluator resolves the contract against `scenarioFile`'s directory: give it the file itself.
          { ...expectation, contract: resolveFromTestFile(contract) },
          run,
        )
      : await evaluateContract(expectation, run, contract, options)
  const verdicts = evidenceOf({ ...result, evidence: evidenceOf(result).verdicts ?? null })
  const which =
    typeof contract === 'object' && !(contract instanceof URL)
      ? contract.contract_id
      : String(contract)
  return matcherResult(this, name, run, {
    result,
    wording: { positive: `to satisfy contract ${which} for ${id}` },
    actual: {
      execution_ok: verdicts.execution_ok ?? null,
      state_ok: verdicts.state_ok ?? null,
      claim_ok: verdicts.claim_ok ?? null,
      evidence_complete: verdicts.evidence_complete ?? null,
    },
    expected: { execution_ok: 'pass', state_ok: 'pass', claim_ok: 'pass', evidence_complete: true },
  })
}
