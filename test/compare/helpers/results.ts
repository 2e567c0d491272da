import type {
  ExpectationResult,
  ExpectationType,
  ResultLabel,
} from '../../../src/core/expectation-result.ts'

/** A hand-made expectation result for classification tables. */
export function result(
  id: string,
  label: ResultLabel,
  options: {
    critical?: boolean
    type?: ExpectationType
    override?: { label: ResultLabel; reviewer?: string; note?: string }
  } = {},
): ExpectationResult {
  const made: ExpectationResult = {
    id,
    type: options.type ?? 'state',
    critical: options.critical ?? false,
    label,
    message: `${id} is ${label}`,
    evidence: { id },
  }
  if (options.override) {
    made.override = {
      label: options.override.label,
      reviewer: options.override.reviewer ?? 'reviewer@demo.co',
      note: options.override.note ?? 'checked by hand',
      originalLabel: label,
    }
  }
  return made
}
