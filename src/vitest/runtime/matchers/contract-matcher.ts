import { createContractEvaluator, evaluateContract } from '../../../contract/index.ts'
import type { ContractDocument } from '../../../schema/index.ts'
import { resultDiff } from '../expectation-diff.ts'
import { resolveFromTestFile } from '../fixtures/paths.ts'
import { optionsArgument, textArgument } from './arguments.ts'
import type { MatcherPart } from './define.ts'
import type { ContractMatcherOptions } from './options.ts'

/**
 * Every key `toSatisfyContract`'s options may hold: anything else is a typo,
 * refused. Written as a record so the compiler fails when an option is added.
 */
const CONTRACT_OPTION_KEYS = Object.keys({
  salt: true,
  phrases: true,
  classes: true,
  literalClasses: true,
  judge: true,
  judgeThreshold: true,
} satisfies Record<keyof ContractMatcherOptions, true>) as (keyof ContractMatcherOptions & string)[]

/**
 * `await expect(run).toSatisfyContract(contract, entity)`: the `contract`
 * expectation. Execution, state and claim must each pass and the evidence be
 * complete; anything unknown is `ERROR`, which fails with and without `.not`.
 * `contract` is a `contract.v1` document, or a URL / absolute path / path
 * relative to the test file.
 * @example
 * await expect(run).toSatisfyContract('contracts/refund-order.contract.yaml', 'ORD-1001')
 */
export const toSatisfyContract: MatcherPart<'toSatisfyContract'> = {
  async: true,
  spell({ name }, contract, entity, given) {
    const id = textArgument(name, 'entity', entity)
    const options = optionsArgument(name, given, CONTRACT_OPTION_KEYS)
    const wording = { positive: `to satisfy contract ${whichContract(contract)} for ${id}` }
    if (typeof contract === 'string' || contract instanceof URL) {
      // The evaluator resolves the contract against `scenarioFile`'s directory: give it the file itself.
      const file = resolveFromTestFile(contract)
      return {
        expectation: { id: name, type: 'contract', contract: file, entity: id },
        options: { contract: createContractEvaluator({ ...options, scenarioFile: file }) },
        wording,
      }
    }
    return {
      expectation: { id: name, type: 'contract', contract: contract.contract_id, entity: id },
      options: {
        // A document given in place: nothing to load, so the expectation names no file.
        contract: (expectation, run) =>
          evaluateContract(
            { id: expectation.id, type: 'contract', entity: expectation.entity },
            run,
            contract,
            options,
          ),
      },
      wording,
    }
  },
  diff: resultDiff,
}

function whichContract(contract: string | URL | ContractDocument): string {
  return typeof contract === 'object' && !(contract instanceof URL)
    ? contract.contract_id
    : String(contract)
}
