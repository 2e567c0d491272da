import { normalName } from '../core/secret-policy.ts'
import { endSentence } from '../core/sentence.ts'
import { pathProblems } from '../core/state-path.ts'
import { InvalidModelsOptionError } from './errors.ts'
import type { ModelsOptions } from './types.ts'

const FIELD_LISTS = ['redact', 'keep', 'volatile'] as const

const EXAMPLES: Record<(typeof FIELD_LISTS)[number], string> = {
  redact: "redact: ['customer_note', 'metadata.order_ref']",
  keep: "keep: ['session_id']",
  volatile: "volatile: ['user', 'metadata.request_id']",
}

/**
 * Checks the field lists of a `models` option, the same for every entry point
 * (the plugin's options, `runCase`, `run(agent, { models })`, the judge): each
 * is a list of non-empty field names or paths, and no field is both redacted
 * and kept. Throws `InvalidModelsOptionError` naming the entry.
 * @example
 * checkModelsOptions({ redact: ['metadata.note'], keep: ['session_id'] }, 'models') // passes
 * checkModelsOptions({ keep: 'session_id' }, 'models') // throws: models.keep is not a list
 */
export function checkModelsOptions(options: Partial<ModelsOptions>, where: string): void {
  for (const list of FIELD_LISTS) {
    const entries: unknown = options[list]
    if (entries === undefined) continue
    if (!Array.isArray(entries)) {
      throw new InvalidModelsOptionError(
        `${where}.${list} is ${JSON.stringify(entries)}, not a list of field names or paths.`,
        `give a list, e.g. ${EXAMPLES[list]}.`,
      )
    }
    entries.forEach((entry: unknown, at) => {
      const problem =
        typeof entry !== 'string'
          ? 'is not a string'
          : pathProblems(entry, 'pattern')
              .map((p) => p.says)
              .join('; ')
      if (problem) {
        throw new InvalidModelsOptionError(
          `${where}.${list}[${at}] (${JSON.stringify(entry)}) ${endSentence(problem)}`,
          `name a field (\`session_id\`) or a body path from the root (\`metadata.note\`, \`messages.*.name\`), e.g. ${EXAMPLES[list]}.`,
        )
      }
    })
  }
  const kept = new Set((options.keep ?? []).map((entry) => normalName(entry)))
  const both = (options.redact ?? []).find((entry) => kept.has(normalName(entry)))
  if (both !== undefined) {
    throw new InvalidModelsOptionError(
      `${where}: "${both}" is in both redact and keep.`,
      'keep a field or redact it, not both: remove it from one of the lists.',
    )
  }
}
