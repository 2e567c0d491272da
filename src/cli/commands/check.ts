import { stat } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { glob } from 'tinyglobby'
import {
  checkOutcomeFile,
  formatMalformed,
  formatOutcomeRow,
  formatOutcomeSummary,
  outcomeRowJson,
} from '../../contract/index.ts'
import { formatProblem, InvalidDocumentError } from '../../core/errors.ts'
import type { ContractDocument } from '../../schema/contract-document.ts'
import { detectDocumentKind, loadContract } from '../../schema/index.ts'
import { readSource } from '../../schema/read-source.ts'
import type { CliCommand, CliIO } from '../command.ts'
import { readOptions, stringOption, usageError } from './cli-options.ts'
import type { OptionKinds } from './option-checks.ts'

const USAGE = `Usage: agenttwin check <outcomes.jsonl> [--contracts <dir>] [--json] [--max-line-bytes <n>]

Checks outcome records from production, one JSON object per line, fail-closed:
exit 0 only when every row passes with complete evidence.

Each row carries the verdict fields as the source's checker named them:
  execution_status   pass | fail | unknown (or success, failed, timeout, ...) -> execution_ok
  commit_status      committed | rejected | pending | partial | not_attempted | unknown
  expected_state, observed_state (compared as canonical JSON) -> state_ok
  claim_class        the agent's structured claim (or claim_text, the reply) -> claim_ok
  evidence_status    complete, or what is missing    -> evidence_complete
and the linkage fields trace_id, run_id, operation_id, attempt, state_version,
checked_at, checker_version (all required for complete evidence). A status word
outside these lists, a state that is not a JSON object, or an (operation_id,
attempt) recorded twice is a data error that fails its row.

Rules: unknown anywhere fails; a state mismatch fails whether or not the agent
claimed success; a rejected operation whose observed state equals its target
is flagged; a success claim needs a committed, matching, fully evidenced
state; "all taken care of" is a success claim. Retries share an operation id
with attempt > 1; a new operation id is a new request (a user asking twice).

  --contracts <dir>  contract.v1 files; a row's contract_id selects its allowed
                     claims, volatile and sensitive fields
  --json             print JSON Lines: one object per failing row, then a summary
  --max-line-bytes <n>
                     longer lines are malformed ("line too long") and skipped
                     without being held in memory (default 1048576)

Output never shows an entity id, e-mail address, card number or token: entity
references are hashed, sensitive fields masked.

Exit status: 0 all rows pass, 1 any row fails or a line is malformed (or the
file has no rows), 2 usage error or unreadable file or contracts.`

interface Options {
  file: string
  contracts?: string
  json: boolean
  maxLineBytes?: number
}

const OPTIONS = {
  contracts: { type: 'string' },
  json: { type: 'boolean' },
  'max-line-bytes': { type: 'string', value: { integer: { min: 1 } } },
} as const satisfies OptionKinds

function readArgs(args: string[]): Options | { help: true } | { problem: string } {
  const parsed = readOptions(args, OPTIONS)
  if ('problem' in parsed) return parsed
  if (parsed.values.help) return { help: true }
  if (parsed.positionals.length !== 1) {
    return {
      problem:
        parsed.positionals.length === 0
          ? 'no outcomes file given'
          : `give one outcomes file, not ${parsed.positionals.length}`,
    }
  }
  const options: Options = { file: parsed.positionals[0]!, json: parsed.values.json === true }
  const contracts = stringOption(parsed, 'contracts')
  if (contracts !== undefined) options.contracts = contracts
  const max = stringOption(parsed, 'max-line-bytes')
  if (max !== undefined) options.maxLineBytes = Number(max)
  return options
}

/** Every `contract.v1` file below `dir` by `contract_id`; other kinds of document are skipped. */
async function loadContracts(
  dir: string,
  io: CliIO,
): Promise<{ contracts: Map<string, ContractDocument> } | { problems: string[] }> {
  const files = await glob(['**/*.{yaml,yml,json}'], { cwd: dir, absolute: true })
  const contracts = new Map<string, ContractDocument>()
  const where = new Map<string, string>()
  const problems: string[] = []
  for (const file of files.sort()) {
    const read = await readSource(file)
    if (read.problem) {
      problems.push(formatProblem({ ...read.problem, file: relative(io.cwd, file) }))
      continue
    }
    let kind: string
    try {
      kind = detectDocumentKind(read.source, file)
    } catch {
      continue
    }
    if (kind !== 'contract') continue
    try {
      const contract = await loadContract(file)
      const earlier = where.get(contract.contract_id)
      if (earlier) {
        problems.push(
          `${relative(io.cwd, file)}: contract_id ${contract.contract_id} is also declared in ${earlier}; give each contract its own id`,
        )
        continue
      }
      contracts.set(contract.contract_id, contract)
      where.set(contract.contract_id, relative(io.cwd, file))
    } catch (error) {
      if (!(error instanceof InvalidDocumentError)) throw error
      for (const problem of error.problems) {
        problems.push(formatProblem({ ...problem, file: relative(io.cwd, problem.file) }))
      }
    }
  }
  if (problems.length > 0) return { problems }
  if (contracts.size === 0) {
    return { problems: [`${relative(io.cwd, dir) || dir}: no contract.v1 documents found`] }
  }
  return { contracts }
}

async function run(args: string[], io: CliIO): Promise<number> {
  const options = readArgs(args)
  if ('help' in options) {
    io.stdout(`${USAGE}\n`)
    return 0
  }
  if ('problem' in options) return usageError(io, 'check', options.problem, USAGE)
  const file = resolve(io.cwd, options.file)
  const shown = relative(io.cwd, file) || file
  const found = await stat(file).catch(() => undefined)
  if (!found?.isFile()) {
    io.stderr(`agenttwin check: ${shown} is not a readable file; check the path.\n`)
    return 2
  }
  let contracts: Map<string, ContractDocument> | undefined
  if (options.contracts !== undefined) {
    const loaded = await loadContracts(resolve(io.cwd, options.contracts), io)
    if ('problems' in loaded) {
      io.stderr(`agenttwin check: the contracts cannot be used:\n${loaded.problems.join('\n')}\n`)
      return 2
    }
    contracts = loaded.contracts
  }
  const summary = await checkOutcomeFile(file, {
    ...(contracts ? { contracts } : {}),
    ...(options.maxLineBytes ? { maxLineBytes: options.maxLineBytes } : {}),
    onRow: (row) => {
      if (row.check.passed) return
      io.stdout(
        options.json ? `${JSON.stringify(outcomeRowJson(row))}\n` : `${formatOutcomeRow(row)}\n`,
      )
    },
    onMalformed: (malformed) => {
      io.stdout(
        options.json
          ? `${JSON.stringify({ kind: 'malformed', ...malformed })}\n`
          : `${formatMalformed(malformed)}\n`,
      )
    },
  })
  io.stdout(
    options.json
      ? `${JSON.stringify({ kind: 'summary', file: shown, ...summary })}\n`
      : `${formatOutcomeSummary(summary, shown)}\n`,
  )
  return summary.ok ? 0 : 1
}

/**
 * `agenttwin check <outcomes.jsonl>`: the fail-closed checker for recorded outcomes.
 * @example
 * await checkCommand.run(['outcomes.jsonl', '--contracts', 'contracts'], io) // 0, 1 or 2
 */
export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'check recorded outcomes (JSON Lines) fail-closed: execution, state, claim, evidence',
  usage: USAGE,
  options: OPTIONS,
  run,
}
