import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatProblem, InvalidDocumentError } from '../../src/core/errors.ts'
import {
  API_VERSIONS,
  inspectContract,
  loadContract,
  parseContract,
  validateDocumentFile,
} from '../../src/schema/index.ts'

const fixture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/contract/${name}`, import.meta.url))
const packContracts = fileURLToPath(
  new URL('../../examples/outcome-contracts/contracts/', import.meta.url),
)

const minimal = `apiVersion: agenttwin/contract.v1
contract_id: refund-order
version: 1.0.0
owner: payments-team
workflow_version: refund-flow@3
intent_id: refund_order
entity_ref: { type: order, path: "orders.{entity}" }
allowed_action: { tools: [refund_payment] }
expected_postcondition:
  - { path: refund_count, increasedBy: 1 }
authoritative_system: { name: payments }
receipt_type: { name: provider_refund_id, field: refund_id }
allowed_user_claims: { committed: [success] }
failure_route: { route: tell_user }
`

describe('contract.v1 documents', () => {
  it('is a document kind of its own', () => {
    expect(API_VERSIONS['agenttwin/contract.v1']).toBe('contract')
  })

  it('parses a minimal contract', () => {
    const contract = parseContract(minimal, 'refund.contract.yaml')
    expect(contract.contract_id).toBe('refund-order')
    expect(contract.entity_ref.path).toBe('orders.{entity}')
  })

  it('validates every contract of the outcome-contract pack', async () => {
    const files = readdirSync(packContracts).filter((f) => f.endsWith('.contract.yaml'))
    expect(files.length).toBeGreaterThanOrEqual(5)
    for (const file of files) {
      const { kind, problems } = await validateDocumentFile(`${packContracts}${file}`)
      expect({ file, kind, problems }).toEqual({ file, kind: 'contract', problems: [] })
    }
  })

  it('reports every problem at once, each at its line and column with a fix', async () => {
    const error = await loadContract(fixture('several-problems.contract.yaml')).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidDocumentError)
    const problems = (error as InvalidDocumentError).problems
    const summary = problems.map((p) => `${p.line}:${p.column} ${p.path}: ${p.message}`)
    expect(summary).toEqual([
      expect.stringMatching(/^7:\d+ entity_ref\.path: .*placeholders other than `\{entity\}`/),
      expect.stringMatching(
        /^9:\d+ precondition\[0\]: the condition gives 2 checks \(equals, exists\)/,
      ),
      expect.stringMatching(
        /^10:\d+ allowed_action\.tools\[1\]: the tool "refund_payment" is listed twice/,
      ),
      expect.stringMatching(
        /^12:\d+ expected_postcondition\[0\]\.increasedBy: .*neither a number nor one placeholder/,
      ),
      expect.stringMatching(/^13:\d+ expected_postcondition\[1\]\.path: .*__proto__/),
      expect.stringMatching(/^15:\d+ receipt_type\.feild: unknown field `feild`/),
      expect.stringMatching(/^16:\d+ allowed_user_claims.*finished/),
      expect.stringMatching(/^17:\d+ failure_route\.route: /),
    ])
    for (const problem of problems) {
      expect(problem.file).toBe(fixture('several-problems.contract.yaml'))
      expect(problem.fix.length).toBeGreaterThan(0)
      expect(formatProblem(problem)).toMatch(/several-problems\.contract\.yaml:\d+:\d+ /)
    }
  })

  it('says so when the file is another kind of document', () => {
    const { document, problems } = inspectContract(
      'apiVersion: agenttwin/twin.v1\nmetadata: { name: x, version: "1" }\n',
      'payments.twin.yaml',
    )
    expect(document).toBeUndefined()
    expect(problems).toHaveLength(1)
    expect(problems[0]!.message).toBe('this is a twin document (agenttwin/twin.v1), not a contract')
  })

  it('needs exactly one {entity} segment in the entity path', () => {
    const twoHoles = minimal.replace('orders.{entity}', '{entity}.x.{entity}')
    const { problems } = inspectContract(twoHoles, 'c.yaml')
    expect(problems.map((p) => p.message)).toEqual([
      'the entity path "{entity}.x.{entity}" has 2 `{entity}` segments; it needs exactly one',
    ])
  })

  it('reports a missing file as a problem of that file', async () => {
    const error = await loadContract(fixture('nope.contract.yaml')).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidDocumentError)
    expect((error as InvalidDocumentError).problems[0]!.message).toBe('the file does not exist')
  })
})
