import { type DocumentProblem, InvalidDocumentError } from '../core/errors.ts'
import type { ResultLabel } from '../core/expectation-result.ts'
import { isJsonObject } from '../core/json.ts'
import { type PositionedDocument, problemAt, readPositionedDocument } from './document.ts'

export const RESULT_LABELS: readonly ResultLabel[] = [
  'PASS',
  'FAIL',
  'STATE_MISMATCH',
  'UNREPORTED_EFFECT',
  'HALLUCINATED_SUCCESS',
  'ERROR',
]

/** A reviewer's decision on one expectation result, as written in an overrides file. */
export interface HumanOverride {
  /** Scenario id. */
  scenario: string
  /** Agent version it applies to; absent: every version. */
  agent?: string
  /** Expectation id. */
  expectation: string
  label: ResultLabel
  reviewer: string
  /** Why; mandatory and never empty. */
  note: string
  /** Where it is written, for messages. */
  source: { file: string; line: number; column: number }
}

const FIELDS = ['scenario', 'agent', 'expectation', 'label', 'reviewer', 'note']

/**
 * Reads an overrides file: a YAML or JSON list of
 * `{ scenario, agent?, expectation, label, reviewer, note }`. Every problem is
 * reported at once with file:line:col; an override without a note (or with an
 * empty one) is rejected, since the note is the record of why a human disagreed.
 * Labels are case-insensitive (`pass` = `PASS`); an agent version must be a string.
 * @example
 * const overrides = await loadOverrides('reviews/overrides.yaml')
 * // - scenario: refund-tool-success-lie
 * //   agent: 1.3.0
 * //   expectation: reply-admits-pending
 * //   label: PASS
 * //   reviewer: dana
 * //   note: The reply does say a specialist will finish the refund.
 */
export async function loadOverrides(file: string): Promise<HumanOverride[]> {
  return readOverrides(await readPositionedDocument(file, 'overrides'))
}

/** Validates an already parsed overrides document; see `loadOverrides`. */
export function readOverrides(document: PositionedDocument): HumanOverride[] {
  const problems: DocumentProblem[] = []
  const overrides: HumanOverride[] = []
  const list = document.value ?? []
  if (!Array.isArray(list)) {
    throw new InvalidDocumentError([
      problemAt(
        document,
        [],
        'an overrides file must be a list',
        'write one item per override: - { scenario, agent?, expectation, label, reviewer, note }',
      ),
    ])
  }
  const seen = new Map<string, number>()
  list.forEach((item, index) => {
    const found = readOne(document, item, index, problems)
    if (!found) return
    const identity = JSON.stringify([found.scenario, found.agent ?? null, found.expectation])
    const first = seen.get(identity)
    if (first !== undefined) {
      problems.push(
        problemAt(
          document,
          [index],
          `override duplicates item [${first}] (same scenario, agent and expectation)`,
          'keep one override per result and merge their notes',
        ),
      )
      return
    }
    seen.set(identity, index)
    overrides.push(found)
  })
  if (problems.length > 0) throw new InvalidDocumentError(problems)
  return overrides
}

function readOne(
  document: PositionedDocument,
  item: unknown,
  index: number,
  problems: DocumentProblem[],
): HumanOverride | undefined {
  const count = problems.length
  const at = (
    field: string | undefined,
    message: string,
    fix: string,
    where: 'value' | 'key' = 'value',
  ) => problems.push(problemAt(document, field ? [index, field] : [index], message, fix, where))
  if (!isJsonObject(item)) {
    at(
      undefined,
      `override ${index + 1} is not a mapping`,
      'give scenario, expectation, label, reviewer and note',
    )
    return undefined
  }
  for (const key of Object.keys(item)) {
    if (!FIELDS.includes(key))
      at(key, `unknown field "${key}"`, `use only ${FIELDS.join(', ')}`, 'key')
  }
  const text = (field: string, what: string): string | undefined => {
    const value = item[field]
    if (value === undefined || value === null) {
      at(undefined, `override has no ${field}`, `add ${field}: <${what}>`)
      return undefined
    }
    if (typeof value !== 'string' || value.trim() === '') {
      at(
        field,
        `${field} is ${JSON.stringify(value)}, not a non-empty text`,
        `give the ${what} as text`,
      )
      return undefined
    }
    return value.trim()
  }
  const scenario = text('scenario', 'scenario id')
  const expectation = text('expectation', 'expectation id')
  const reviewer = text('reviewer', 'name of the reviewer')
  const label = readLabel(item.label, (message, fix) =>
    at(item.label === undefined ? undefined : 'label', message, fix),
  )
  const note = readNote(item.note, (message, fix) =>
    at(item.note === undefined ? undefined : 'note', message, fix),
  )
  let agent: string | undefined
  if (item.agent !== undefined) {
    if (typeof item.agent !== 'string' || item.agent.trim() === '') {
      at(
        'agent',
        `agent is ${JSON.stringify(item.agent)}, not a version text`,
        'quote the version, e.g. agent: "1.3.0", or leave agent out to match every version',
      )
    } else {
      agent = item.agent.trim()
    }
  }
  if (problems.length > count || !scenario || !expectation || !reviewer || !label || !note)
    return undefined
  const { line, col } = document.lines.linePos(positionOffset(document, index))
  return {
    scenario,
    ...(agent === undefined ? {} : { agent }),
    expectation,
    label,
    reviewer,
    note,
    source: { file: document.file, line: Math.max(line, 1), column: Math.max(col, 1) },
  }
}

function readLabel(
  value: unknown,
  report: (message: string, fix: string) => void,
): ResultLabel | undefined {
  const fix = `use one of ${RESULT_LABELS.join(', ')}`
  if (value === undefined) {
    report('override has no label', fix)
    return undefined
  }
  const label = typeof value === 'string' ? value.trim().toUpperCase() : ''
  if (!(RESULT_LABELS as readonly string[]).includes(label)) {
    report(`label ${JSON.stringify(value)} is not a result label`, fix)
    return undefined
  }
  return label as ResultLabel
}

function readNote(
  value: unknown,
  report: (message: string, fix: string) => void,
): string | undefined {
  const fix =
    'add note: <why the reviewer decided differently>; an override is kept only with its reason'
  if (value === undefined || value === null) {
    report('override has no note', fix)
    return undefined
  }
  if (typeof value !== 'string' || value.trim() === '') {
    report(`override note is empty (${JSON.stringify(value)})`, fix)
    return undefined
  }
  return value.trim()
}

function positionOffset(document: PositionedDocument, index: number): number {
  const node = document.doc.getIn([index], true) as { range?: [number, number, number] } | undefined
  return node?.range?.[0] ?? 0
}
