import { dirname, resolve } from 'node:path'
import type { CaseRun } from '../core/case-run.ts'
import { AgentTwinError } from '../core/errors.ts'
import type { ExpectationResult, ResultLabel } from '../core/expectation-result.ts'
import type { ContractDocument } from '../schema/contract-document.ts'
import { loadContract } from '../schema/parse-contract.ts'
import type { ContractExpectation } from '../schema/scenario-document.ts'
import {
  type CheckContractOptions,
  type ContractCheck,
  checkContract,
  checkEvidence,
} from './check-contract.ts'
import { createRedactor, hashEntityRef } from './redact.ts'
import { formatVerdicts, verdictsPass } from './verdicts.ts'

/** The part of a `contract` expectation the evaluator needs; a matcher can build one in place. */
export type ContractExpectationInput = Pick<ContractExpectation, 'id' | 'entity'> &
  Partial<Pick<ContractExpectation, 'type' | 'critical' | 'contract'>>

/**
 * Evaluates a contract on a case: `PASS` only when execution, state and claim
 * all pass and the evidence is complete; `FAIL` when any verdict fails;
 * `ERROR` when nothing failed but something stayed unknown or the evidence is
 * incomplete (never a pass). The message names each verdict that did not
 * pass and why; `evidence` is the redacted `ContractCheck`.
 * @example
 * const result = await evaluateContract({ id: 'refund-contract', entity: 'ORD-1001' }, run, contract)
 * result.label // 'PASS' | 'FAIL' | 'ERROR'
 */
export async function evaluateContract(
  expectation: ContractExpectationInput,
  run: CaseRun,
  contract: ContractDocument,
  options: CheckContractOptions = {},
): Promise<ExpectationResult> {
  const problem = setupProblem(run, contract, expectation.entity, options.salt)
  if (problem) {
    const redact = createRedactor({
      entityType: contract.entity_ref.type,
      entities: typeof expectation.entity === 'string' ? [expectation.entity] : [],
      salt: options.salt,
    })
    return result(expectation, 'ERROR', redact.text(problem), { configured: false })
  }
  const check = await checkContract(run, contract, expectation.entity, options)
  return result(expectation, labelOf(check), messageOf(check), checkEvidence(check))
}

export interface ContractEvaluatorOptions extends CheckContractOptions {
  /** Contract paths are relative to this file; default: the run's `scenario.file`. */
  scenarioFile?: string
  /**
   * Contracts the scenario's loader already read and checked, by absolute
   * path: used as they are, so a case never reads one again. Others are loaded.
   */
  contracts?: Readonly<Record<string, ContractDocument>>
}

/**
 * The function `EvaluateOptions.contract` takes: loads the expectation's
 * `contract.v1` file (relative to the scenario file, cached) and evaluates it.
 * A contract that cannot be loaded is an `ERROR` naming every problem.
 * @example
 * const results = await evaluateExpectations(scenario.expectations, run, {
 *   contract: createContractEvaluator({ scenarioFile: 'scenarios/refund.scenario.yaml' }),
 * })
 */
export function createContractEvaluator(
  options: ContractEvaluatorOptions = {},
): (expectation: ContractExpectation, run: CaseRun) => Promise<ExpectationResult> {
  const cache = new Map<string, Promise<ContractDocument>>()
  return async (expectation, run) => {
    const base = options.scenarioFile ?? run.scenario.file
    if (base === undefined && !expectation.contract.startsWith('/')) {
      return result(
        expectation,
        'ERROR',
        `Cannot evaluate: the contract path "${expectation.contract}" is relative, but neither the evaluator nor the case names the scenario file. Fix: pass { scenarioFile } to createContractEvaluator.`,
        { configured: false },
      )
    }
    const file = resolve(base === undefined ? '/' : dirname(base), expectation.contract)
    let loading = cache.get(file)
    if (!loading) {
      const known = options.contracts?.[file]
      loading = known ? Promise.resolve(known) : loadContract(file)
      cache.set(file, loading)
    }
    let contract: ContractDocument
    try {
      contract = await loading
    } catch (error) {
      const reason = error instanceof AgentTwinError ? error.message : String(error)
      return result(
        expectation,
        'ERROR',
        `Cannot evaluate: the contract ${expectation.contract} cannot be loaded. ${reason}`,
        { contract: expectation.contract, loaded: false },
      )
    }
    return evaluateContract(expectation, run, contract, options)
  }
}

function labelOf(check: ContractCheck): ResultLabel {
  if (verdictsPass(check.verdicts)) return 'PASS'
  const { execution_ok, state_ok, claim_ok } = check.verdicts
  return [execution_ok, state_ok, claim_ok].includes('fail') ? 'FAIL' : 'ERROR'
}

function messageOf(check: ContractCheck): string {
  const head = `Contract ${check.contract.id}@${check.contract.version} (owner ${check.contract.owner}) on ${check.entity}, outcome ${check.outcome}: ${formatVerdicts(check.verdicts)}.`
  const lines: string[] = []
  for (const name of ['execution_ok', 'state_ok', 'claim_ok'] as const) {
    const verdict = check.verdicts[name]
    const reasons = check.reasons[name].join('; ')
    lines.push(`${name} ${verdict}${reasons ? `: ${reasons}` : ''}.`)
  }
  if (!check.verdicts.evidence_complete) {
    lines.push(`evidence incomplete: ${check.reasons.evidence.join('; ')}.`)
  }
  const tail =
    labelOf(check) === 'ERROR'
      ? ' Unknown is never a pass: supply the missing evidence, then check again.'
      : ''
  return `${head}\n${lines.join('\n')}${tail}`
}

function setupProblem(
  run: CaseRun,
  contract: ContractDocument,
  entity: string,
  salt?: string,
): string | undefined {
  const where = `contract ${contract.contract_id}@${contract.version}`
  if (!run.finished || !run.result) {
    const reason = run.error ? `${run.error.kind}: ${run.error.message}` : 'no agent result'
    return `Cannot evaluate ${where}: the case did not finish (${reason}). Unknown is never a pass; fix the run so the agent answers, then evaluate again.`
  }
  if (
    typeof entity !== 'string' ||
    entity.trim() === '' ||
    /[.]|^(?:__proto__|constructor|prototype)$/.test(entity)
  ) {
    return `Cannot evaluate ${where}: the entity "${hashEntityRef(contract.entity_ref.type, String(entity), salt)}" is not a plain id (no dots, not a prototype key). Fix the expectation's entity.`
  }
  const system = contract.authoritative_system
  if (system.twin !== undefined && system.twin !== run.twin.name) {
    return `Cannot evaluate ${where}: its authoritative system ${system.name} is twin "${system.twin}", but the case ran against twin "${run.twin.name}". Fix authoritative_system.twin or run the contract with its own twin.`
  }
  const known = new Set(run.tools.map((tool) => tool.name))
  const named = [
    ...contract.allowed_action.tools,
    ...(contract.failure_route.tool ? [contract.failure_route.tool] : []),
    ...(system.read_tool ? [system.read_tool] : []),
  ]
  const missing = [...new Set(named.filter((tool) => !known.has(tool)))]
  if (missing.length > 0) {
    return `Cannot evaluate ${where}: ${missing.join(', ')} ${missing.length === 1 ? 'is not a tool' : 'are not tools'} of twin ${run.twin.name} (its tools: ${[...known].join(', ') || 'none'}). Fix the tool names in the contract.`
  }
  return undefined
}

function result(
  expectation: ContractExpectationInput,
  label: ResultLabel,
  message: string,
  evidence: ExpectationResult['evidence'],
): ExpectationResult {
  return {
    id: expectation.id,
    type: 'contract',
    critical: expectation.critical ?? false,
    label,
    message,
    evidence,
  }
}
