import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import type { CliIO } from '../../../src/cli/command.ts'
import { checkCommand } from '../../../src/cli/commands/check.ts'
import { hashEntityRef } from '../../../src/contract/index.ts'
import { goodRow, jsonl } from '../../contract/support/outcome-rows.ts'
import { normaliseText } from '../../support/normalise-text.ts'

const contractsDir = fileURLToPath(
  new URL('../../../examples/outcome-contracts/contracts', import.meta.url),
)
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-check-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, lines: string[]): string {
  const file = join(dir, name)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

async function check(args: string[]) {
  let stdout = ''
  let stderr = ''
  const io: CliIO = {
    cwd: dir,
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
  }
  const code = await checkCommand.run(args, io)
  return { code, stdout, stderr }
}

/** Customer data a production record may carry; none of it may reach the output. */
const secrets = {
  entity: 'ORD-99173',
  email: 'jonas.weber@example.com',
  card: '4000 0566 5566 5556',
  token: 'tok_live_51HxZ9eKq2vRm',
}

const leaky = goodRow({
  entity_ref: secrets.entity,
  operation_id: `refund-${secrets.entity}`,
  execution_status: 'unknown',
  claim_class: undefined,
  claim_text: `All taken care of, ${secrets.email}! Refunded to card ${secrets.card}.`,
  expected_state: {
    order_id: secrets.entity,
    customer_email: secrets.email,
    payment: { card_number: secrets.card, token: secrets.token },
    refund_count: 1,
  },
  observed_state: {
    order_id: secrets.entity,
    customer_email: 'jonas@example.org',
    payment: { card_number: '4000 0000 0000 0077', token: 'tok_live_ZZ99yyXXww' },
    refund_count: 2,
  },
})

describe('agenttwin check', () => {
  it('exits 0 when every row passes, and says so', async () => {
    const file = write('good.jsonl', jsonl([goodRow(), goodRow({ operation_id: 'op-2' })]))
    const { code, stdout } = await check([file, '--contracts', contractsDir])
    expect(code).toBe(0)
    expect(stdout).toBe(
      [
        'Checked 2 rows of good.jsonl: 2 passed, 0 failed, 0 malformed.',
        'Operations started: 2; retries (attempt > 1, same operation id): 0.',
        'execution_ok 2 pass / 0 fail / 0 unknown; state_ok 2 pass / 0 fail / 0 unknown; claim_ok 2 pass / 0 fail / 0 unknown; evidence incomplete: 0.',
        'PASS: every row passed with complete evidence.',
        '',
      ].join('\n'),
    )
  })

  it('prints each failing row with its line number, ids and reasons, and exits 1', async () => {
    const file = write(
      'mixed.jsonl',
      jsonl([
        goodRow(),
        goodRow({ operation_id: 'op-1', attempt: 2, execution_status: 'unknown' }),
        '{"trace_id": "t-9",',
        goodRow({ commit_status: 'rejected', execution_status: 'failed', claim_class: 'failed' }),
      ]),
    )
    const { code, stdout } = await check([file])
    expect(code).toBe(1)
    const lines = stdout.split('\n')
    expect(lines[0]).toBe(
      `line 2: trace trace-7f3a, run run-2026-02-02-01, operation op-1, attempt 2 (a retry of operation op-1), contract refund-order, ${hashEntityRef('entity', 'ORD-1001')}`,
    )
    expect(lines[1]).toBe(
      '  execution_ok unknown, state_ok pass, claim_ok pass, evidence_complete true',
    )
    expect(lines[2]).toMatch(
      /^ {2}- execution_ok unknown: execution_status "unknown" proves nothing/,
    )
    expect(lines[3]).toMatch(/^line 3: malformed, not JSON \(.+\); skipped, and the check fails$/)
    expect(lines[4]).toMatch(/^line 4: .*attempt 1 \(first attempt of its operation\)/)
    expect(stdout).toMatch(/- state_ok fail: rejected, yet the observed state equals the target/)
    expect(
      stdout.split('\n').filter((line) => /^(Checked|Operations) /.test(line)),
    ).toMatchInlineSnapshot(`
      [
        "Checked 3 rows of mixed.jsonl: 1 passed, 2 failed, 1 malformed.",
        "Operations started: 2; retries (attempt > 1, same operation id): 1; attempts recorded twice: 1.",
      ]
    `)
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'FAIL: fail-closed, every row must pass with complete evidence.',
    )
  })

  it('prints JSON Lines with --json: one object per failing row, then the summary', async () => {
    const file = write('json.jsonl', jsonl([goodRow(), goodRow({ evidence_status: 'missing' })]))
    const { code, stdout } = await check([file, '--json'])
    expect(code).toBe(1)
    const objects = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(objects).toHaveLength(2)
    expect(objects[0]).toMatchObject({
      kind: 'row',
      line: 2,
      operation_id: 'op-81c2',
      attempt: 1,
      attempt_kind: 'first',
      passed: false,
      execution_ok: 'pass',
      evidence_complete: false,
    })
    expect(objects[1]).toMatchObject({ kind: 'summary', rows: 2, passed: 1, failed: 1, ok: false })
  })

  it('never prints an entity id, e-mail address, card number or token, in text or JSON', async () => {
    const file = write('leaky.jsonl', jsonl([leaky]))
    for (const args of [[file], [file, '--json'], [file, '--contracts', contractsDir]]) {
      const { code, stdout, stderr } = await check(args)
      expect(code).toBe(1)
      const output = stdout + stderr
      expect(output).toMatch(/state_ok/)
      for (const [what, value] of Object.entries(secrets)) {
        expect(output, `${what} in ${args.join(' ')}`).not.toContain(value)
      }
      expect(output).not.toMatch(/jonas|@example\.|tok_live_|4000 0000/)
    }
  })

  it('gives usage errors exit status 2', async () => {
    expect((await check([])).code).toBe(2)
    expect((await check(['a.jsonl', 'b.jsonl'])).code).toBe(2)
    expect((await check(['a.jsonl', '--bogus'])).code).toBe(2)
    const missing = await check(['nope.jsonl'])
    expect(missing).toMatchObject({ code: 2, stdout: '' })
    expect(missing.stderr).toBe(
      'agenttwin check: nope.jsonl is not a readable file; check the path.\n',
    )
  })

  it('refuses contracts that do not load, naming the file and line', async () => {
    const bad = join(dir, 'bad-contracts')
    mkdirSync(bad, { recursive: true })
    writeFileSync(
      join(bad, 'broken.contract.yaml'),
      'apiVersion: agenttwin/contract.v1\ncontract_id: broken\n',
    )
    const file = write('one.jsonl', jsonl([goodRow()]))
    const { code, stderr } = await check([file, '--contracts', bad])
    expect(code).toBe(2)
    expect(stderr).toMatch(/^agenttwin check: the contracts cannot be used:\n/)
    expect(stderr).toMatch(/bad-contracts\/broken\.contract\.yaml:\d+:\d+ /)
  })

  it('prints its usage with --help', async () => {
    const { code, stdout } = await check(['--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Usage: agenttwin check <outcomes\.jsonl>/)
  })
})

describe('agenttwin check on the sample outcomes of the pack', () => {
  it('fails exactly the rows the README says fail', async () => {
    const sample = fileURLToPath(
      new URL('../../../examples/outcome-contracts/outcomes.sample.jsonl', import.meta.url),
    )
    const { code, stdout } = await check([sample, '--contracts', contractsDir])
    expect(code).toBe(1)
    const failing = [...stdout.matchAll(/^line (\d+): /gm)].map((match) => Number(match[1]))
    expect(failing).toEqual([2, 3, 4, 5, 6])
    expect(stdout.trimEnd().split('\n').slice(-3)).toMatchInlineSnapshot(`
      [
        "Operations started: 7; retries (attempt > 1, same operation id): 1.",
        "execution_ok 5 pass / 1 fail / 2 unknown; state_ok 4 pass / 2 fail / 2 unknown; claim_ok 5 pass / 3 fail / 0 unknown; evidence incomplete: 1.",
        "FAIL: fail-closed, every row must pass with complete evidence.",
      ]
    `)
  })
})

describe('a byte-order mark', () => {
  it('at the start of the file is dropped: the first row reads as it would without it', async () => {
    const plain = write('plain.jsonl', [JSON.stringify(goodRow())])
    const marked = write('marked.jsonl', [`\uFEFF${JSON.stringify(goodRow())}`])
    const withoutMark = await check([plain, '--contracts', contractsDir])
    const withMark = await check([marked, '--contracts', contractsDir])
    expect(withoutMark.code).toBe(0)
    expect(withMark.code).toBe(0)
    expect(withMark.stdout.replaceAll('marked.jsonl', 'plain.jsonl')).toBe(withoutMark.stdout)
  })

  it('at the start of a later line (files joined with cat) is a malformed line that says so', async () => {
    const file = write('joined.jsonl', [
      JSON.stringify(goodRow()),
      `\uFEFF${JSON.stringify(goodRow({ operation_id: 'op-2' }))}`,
    ])
    const { code, stdout } = await check([file, '--contracts', contractsDir])
    expect(code).toBe(1)
    expect(normaliseText(stdout, { dir })).toMatchInlineSnapshot(`
      "line 2: malformed, starts with a byte-order mark (U+FEFF), which only the start of a file may have; remove it (files joined with cat keep the marks of the later ones); skipped, and the check fails
      Checked 1 row of joined.jsonl: 1 passed, 0 failed, 1 malformed.
      Operations started: 1; retries (attempt > 1, same operation id): 0.
      execution_ok 1 pass / 0 fail / 0 unknown; state_ok 1 pass / 0 fail / 0 unknown; claim_ok 1 pass / 0 fail / 0 unknown; evidence incomplete: 0.
      FAIL: fail-closed, every row must pass with complete evidence.
      "
    `)
  })
})
