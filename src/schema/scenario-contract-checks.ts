import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { DocumentProblem } from '../core/errors.ts'
import type { ContractDocument } from './contract-document.ts'
import type { DocumentStore } from './document-store.ts'
import type { FieldPath } from './field-path.ts'
import { recordItems } from './guards.ts'
import { type Issue, toProblems } from './issue.ts'
import { inspectContractIn } from './parse-contract.ts'
import { didYouMean, listWords } from './suggest.ts'
import type { TwinDocument } from './twin-document.ts'

/** What the contracts a scenario names add: issues at its own lines, problems at the contracts' lines. */
export interface ContractFindings {
  issues: Issue[]
  problems: DocumentProblem[]
  /** Each valid contract the scenario names, by absolute path, as checked. */
  contracts: Record<string, ContractDocument>
}

/**
 * Checks every contract a scenario's `contract` expectations name, before any
 * agent runs: the file exists, the contract is valid (its problems at its own
 * file:line:col), and every tool it names is a tool of the scenario's twin.
 * A contract several expectations name is read and checked once, in `store`.
 * @example
 * const { issues, problems } = referencedContracts(scenario, 'refund.scenario.yaml', twin, store)
 */
export function referencedContracts(
  scenario: Record<string, unknown>,
  file: string,
  twin: TwinDocument | undefined,
  store: DocumentStore,
): ContractFindings {
  const findings: ContractFindings = { issues: [], problems: [], contracts: {} }
  for (const [index, expectation] of recordItems(scenario.expectations)) {
    if (expectation.type !== 'contract' || typeof expectation.contract !== 'string') continue
    const at: FieldPath = ['expectations', index, 'contract']
    const contractFile = resolve(dirname(file), expectation.contract)
    if (expectation.contract === '') continue
    if (!existsSync(contractFile)) {
      findings.issues.push({
        path: at,
        message: `the contract file "${expectation.contract}" does not exist (looked for ${contractFile})`,
        fix: 'write the path of the contract document relative to this scenario file',
      })
      continue
    }
    const inspection = inspectContractIn(store, contractFile)
    if (inspection.document) findings.contracts[contractFile] = inspection.document
    const own = inspection.problems
    const againstTwin =
      inspection.document && inspection.parsed && twin
        ? toProblems(inspection.parsed, twinMismatches(inspection.document, twin))
        : []
    const problems = [...own, ...againstTwin]
    if (problems.length === 0) continue
    findings.problems.push(...problems)
    findings.issues.push({
      path: at,
      message: `the contract "${expectation.contract}" ${own.length > 0 ? 'is invalid' : `does not fit twin \`${twin?.metadata.name}\``} (${problems.length === 1 ? '1 problem' : `${problems.length} problems`}, reported at its own lines)`,
      fix: 'fix the contract document; the expectation cannot be evaluated until then',
    })
  }
  return findings
}

/** Tools and the twin a contract names that the scenario's twin does not have. */
function twinMismatches(contract: ContractDocument, twin: TwinDocument): Issue[] {
  const names = twin.tools.map((tool) => tool.name)
  const issues: Issue[] = []
  const named: [FieldPath, string | undefined][] = [
    ...contract.allowed_action.tools.map(
      (tool, index) => [['allowed_action', 'tools', index], tool] as [FieldPath, string],
    ),
    [['authoritative_system', 'read_tool'], contract.authoritative_system.read_tool],
    [['failure_route', 'tool'], contract.failure_route?.tool],
  ]
  for (const [path, tool] of named) {
    if (tool === undefined || names.includes(tool)) continue
    issues.push({
      path,
      message: `twin \`${twin.metadata.name}\` has no tool \`${tool}\``,
      fix: `use one of ${listWords(names)}${didYouMean(tool, names)}`,
    })
  }
  const system = contract.authoritative_system.twin
  if (system !== undefined && system !== twin.metadata.name) {
    issues.push({
      path: ['authoritative_system', 'twin'],
      message: `the contract names twin \`${system}\`, but the scenario runs against \`${twin.metadata.name}\``,
      fix: `write \`twin: ${twin.metadata.name}\`, or use this contract with a scenario of twin \`${system}\``,
    })
  }
  return issues
}
