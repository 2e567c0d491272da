import { type DocumentProblem, InvalidDocumentError } from '../core/errors.ts'
import { isJsonObject } from '../core/json.ts'
import { type PositionedDocument, problemAt, readPositionedDocument } from './document.ts'
import type { VerdictLabel } from './types.ts'

/** Human-labelled replies for one criterion. */
export interface LabelledCriterion {
  criterion: string
  examples: Array<{ reply: string; label: VerdictLabel }>
}

/**
 * Reads a labels file (YAML or JSON): a list of
 * `{ criterion, examples: [{ reply, label: pass|fail }] }` (or one such mapping).
 * Every problem is reported at once with file:line:col.
 * @example
 * const labels = await loadLabels('judge-labels.yaml')
 */
export async function loadLabels(file: string): Promise<LabelledCriterion[]> {
  return readLabels(await readPositionedDocument(file, 'labels'))
}

/** Validates an already parsed labels document; see `loadLabels`. */
export function readLabels(document: PositionedDocument): LabelledCriterion[] {
  const problems: DocumentProblem[] = []
  const single = isJsonObject(document.value)
  const list = single ? [document.value] : document.value
  if (!Array.isArray(list) || list.length === 0) {
    throw new InvalidDocumentError([
      problemAt(
        document,
        [],
        'a labels file must be a non-empty list of criteria',
        'write - criterion: <text>\n  examples: [{ reply: <text>, label: pass|fail }]',
      ),
    ])
  }
  const base = (index: number): Array<string | number> => (single ? [] : [index])
  const criteria: LabelledCriterion[] = []
  list.forEach((item, index) => {
    const at = (path: Array<string | number>, message: string, fix: string) =>
      problems.push(problemAt(document, [...base(index), ...path], message, fix))
    if (!isJsonObject(item)) {
      at([], 'a criterion entry must be a mapping', 'give criterion and examples')
      return
    }
    if (typeof item.criterion !== 'string' || item.criterion.trim() === '') {
      at(
        item.criterion === undefined ? [] : ['criterion'],
        'criterion is missing or empty',
        'write the criterion in plain words',
      )
    }
    if (!Array.isArray(item.examples)) {
      at(
        item.examples === undefined ? [] : ['examples'],
        'examples is missing or not a list',
        'add examples: [{ reply, label }]',
      )
      return
    }
    const examples: LabelledCriterion['examples'] = []
    item.examples.forEach((example, position) => {
      const path = ['examples', position]
      if (!isJsonObject(example) || typeof example.reply !== 'string') {
        at(path, 'example has no reply text', 'give reply: <the agent reply> and label: pass|fail')
        return
      }
      if (example.label !== 'pass' && example.label !== 'fail') {
        at(
          example.label === undefined ? path : [...path, 'label'],
          `label ${JSON.stringify(example.label)} is not pass or fail`,
          'use label: pass or label: fail',
        )
        return
      }
      examples.push({ reply: example.reply, label: example.label })
    })
    if (typeof item.criterion === 'string') criteria.push({ criterion: item.criterion, examples })
  })
  if (problems.length > 0) throw new InvalidDocumentError(problems)
  return criteria
}
