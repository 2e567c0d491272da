import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidDocumentError } from '../../src/core/errors.ts'
import type { ExpectationResult } from '../../src/core/expectation-result.ts'
import {
  applyOverrides,
  type HumanOverride,
  loadOverrides,
  OverrideConflictError,
} from '../../src/judge/index.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agenttwin-overrides-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, text)
  return path
}

async function problemsOf(path: string): Promise<string[]> {
  const error = await loadOverrides(path).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(InvalidDocumentError)
  return (error as InvalidDocumentError).message.split('\n').slice(1)
}

describe('loadOverrides', () => {
  it('reads a YAML list, normalising the label and keeping where each override is', async () => {
    const path = await file(
      'ok.yaml',
      `- scenario: refund-tool-success-lie
  agent: "1.3.0"
  expectation: reply-admits-pending
  label: pass
  reviewer: dana
  note: The reply does say a specialist will finish the refund.
- scenario: refund-happy-path
  expectation: policy-before-refund
  label: FAIL
  reviewer: lee
  note: Checked the transcript by hand.
`,
    )
    expect(await loadOverrides(path)).toEqual([
      {
        scenario: 'refund-tool-success-lie',
        agent: '1.3.0',
        expectation: 'reply-admits-pending',
        label: 'PASS',
        reviewer: 'dana',
        note: 'The reply does say a specialist will finish the refund.',
        source: { file: path, line: 1, column: 3 },
      },
      {
        scenario: 'refund-happy-path',
        expectation: 'policy-before-refund',
        label: 'FAIL',
        reviewer: 'lee',
        note: 'Checked the transcript by hand.',
        source: { file: path, line: 7, column: 3 },
      },
    ])
  })

  it('rejects an override without a note, naming file:line:col', async () => {
    const path = await file(
      'no-note.yaml',
      `- scenario: refund-tool-success-lie
  expectation: reply-admits-pending
  label: PASS
  reviewer: dana
  note: fine
- scenario: refund-tool-success-lie
  agent: "1.3.0"
  expectation: success-backed-by-state
  label: PASS
  reviewer: dana
`,
    )
    expect(await problemsOf(path)).toEqual([
      `${path}:6:3 override has no note at [1]. Fix: add note: <why the reviewer decided differently>; an override is kept only with its reason`,
    ])
  })

  it('rejects an empty or blank note at the note itself', async () => {
    const path = await file(
      'empty-note.yaml',
      `- { scenario: s, expectation: e, label: PASS, reviewer: r, note: "" }
- scenario: s
  expectation: e2
  label: PASS
  reviewer: r
  note: "   "
`,
    )
    expect(await problemsOf(path)).toEqual([
      `${path}:1:66 override note is empty ("") at [0].note. Fix: add note: <why the reviewer decided differently>; an override is kept only with its reason`,
      `${path}:6:9 override note is empty ("   ") at [1].note. Fix: add note: <why the reviewer decided differently>; an override is kept only with its reason`,
    ])
  })

  it('reports positions in JSON files too', async () => {
    const path = await file(
      'overrides.json',
      `[
  {
    "scenario": "s",
    "expectation": "e",
    "label": "PASS",
    "reviewer": "r"
  }
]
`,
    )
    expect(await problemsOf(path)).toEqual([
      `${path}:2:3 override has no note at [0]. Fix: add note: <why the reviewer decided differently>; an override is kept only with its reason`,
    ])
  })

  it('reports every other problem at once: unknown field, bad label, unquoted version, duplicate', async () => {
    const path = await file(
      'many.yaml',
      `- scenario: s
  expectation: e
  label: MAYBE
  reviewer: r
  notes: typo
  note: n
- scenario: s
  agent: 1.3
  expectation: e
  label: PASS
  reviewer: r
  note: n
- { scenario: s, expectation: x, label: PASS, reviewer: r, note: n }
- { scenario: s, expectation: x, label: FAIL, reviewer: q, note: m }
`,
    )
    const problems = await problemsOf(path)
    expect(problems).toEqual([
      `${path}:5:3 unknown field "notes" at [0].notes. Fix: use only scenario, agent, expectation, label, reviewer, note`,
      `${path}:3:10 label "MAYBE" is not a result label at [0].label. Fix: use one of PASS, FAIL, STATE_MISMATCH, UNREPORTED_EFFECT, HALLUCINATED_SUCCESS, ERROR`,
      `${path}:8:10 agent is 1.3, not a version text at [1].agent. Fix: quote the version, e.g. agent: "1.3.0", or leave agent out to match every version`,
      `${path}:14:3 override duplicates item [2] (same scenario, agent and expectation) at [3]. Fix: keep one override per result and merge their notes`,
    ])
  })

  it('rejects a file that is not a list', async () => {
    const path = await file('map.yaml', 'scenario: s\n')
    expect(await problemsOf(path)).toEqual([
      `${path}:1:1 an overrides file must be a list. Fix: write one item per override: - { scenario, agent?, expectation, label, reviewer, note }`,
    ])
  })
})

describe('applyOverrides', () => {
  const result = (id: string, label: ExpectationResult['label']): ExpectationResult => ({
    id,
    type: 'judge',
    critical: false,
    label,
    message: 'm',
    evidence: null,
  })
  const override = (fields: Partial<HumanOverride>): HumanOverride => ({
    scenario: 'lie',
    expectation: 'admits',
    label: 'PASS',
    reviewer: 'dana',
    note: 'read it twice',
    source: { file: 'o.yaml', line: 1, column: 3 },
    ...fields,
  })
  const target = { scenario: 'lie', agentVersion: '1.3.0' }

  it('attaches the override and keeps the original label as the label', () => {
    const results = [result('admits', 'FAIL'), result('no-dup', 'PASS')]
    const applied = applyOverrides(results, [override({})], target)
    expect(applied[0]).toEqual({
      ...results[0],
      override: { label: 'PASS', reviewer: 'dana', note: 'read it twice', originalLabel: 'FAIL' },
    })
    expect(applied[0]?.label).toBe('FAIL')
    expect(applied[1]).toBe(results[1])
    expect(results[0]).not.toHaveProperty('override')
  })

  it('matches scenario and agent version; an override for another case does nothing', () => {
    const results = [result('admits', 'FAIL')]
    expect(
      applyOverrides(results, [override({ scenario: 'happy' })], target)[0],
    ).not.toHaveProperty('override')
    expect(applyOverrides(results, [override({ agent: '1.2.4' })], target)[0]).not.toHaveProperty(
      'override',
    )
    expect(
      applyOverrides(results, [override({ agent: '1.3.0' })], target)[0]?.override?.label,
    ).toBe('PASS')
  })

  it('prefers an override for this agent version over one for every version', () => {
    const applied = applyOverrides(
      [result('admits', 'FAIL')],
      [
        override({ label: 'ERROR', note: 'any version' }),
        override({ agent: '1.3.0', note: 'this version' }),
      ],
      target,
    )
    expect(applied[0]?.override).toMatchObject({ label: 'PASS', note: 'this version' })
  })

  it('refuses to choose between two equally specific overrides', () => {
    expect(() =>
      applyOverrides(
        [result('admits', 'FAIL')],
        [
          override({}),
          override({ label: 'FAIL', source: { file: 'other.yaml', line: 4, column: 3 } }),
        ],
        target,
      ),
    ).toThrow(OverrideConflictError)
  })
})
