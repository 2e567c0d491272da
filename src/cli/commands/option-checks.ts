import { parseArgs } from 'node:util'
import { AgentTwinError } from '../../core/errors.ts'
import { closest } from '../../schema/suggest.ts'

/** What a string option's value must be; checked before the verb does anything. */
export type OptionValue =
  | { integer: { min: number; max?: number } }
  | { number: { min: number; max: number } }
  | { oneOf: readonly string[] }

/** One long option of a verb: its kind, and the checks its value gets. */
export interface OptionKind {
  type: 'string' | 'boolean'
  multiple?: boolean
  value?: OptionValue
  /** Options that cannot be given together with this one. */
  conflicts?: readonly string[]
}

/** What a verb accepts: each long option (without `--`). `--help` / `-h` is always known. */
export type OptionKinds = Readonly<Record<string, OptionKind>>

export interface ParsedOptions {
  values: Record<string, string | boolean | string[] | undefined>
  positionals: string[]
}

/**
 * A command line the verb cannot run: an option that is unknown, missing its
 * value, of the wrong kind or range, two options that exclude
 * each other, or missing or extra arguments. Exit status 2, with the verb's usage.
 */
export class CliUsageError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_CLI_USAGE'
}

const usage = (problem: string, fix: string) => new CliUsageError({ problem, fix })

/**
 * Reads `args` against a verb's option table and checks every option the
 * same way, whatever the verb: unknown options (with the closest known name),
 * a string option without a value (or with an option where its value should
 * be), a boolean given a value, a value of the wrong kind or range, and
 * options that exclude each other. An option given twice keeps its last
 * value (`npm run x -- --timeout 5000` over a script's own `--timeout`); each
 * value is checked.
 * @throws CliUsageError naming the option and how to write it.
 * @example
 * checkOptions(['--timout', '5'], { timeout: { type: 'string', value: { integer: { min: 1 } } } })
 * // throws: unknown option --timout. Fix: did you mean --timeout? …
 */
export function checkOptions(args: readonly string[], kinds: OptionKinds): ParsedOptions {
  const known: Record<string, OptionKind> = { ...kinds, help: { type: 'boolean' } }
  const { tokens } = parseArgs({
    args: [...args],
    options: { ...kinds, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: false,
    tokens: true,
  })
  const values: ParsedOptions['values'] = {}
  const positionals: string[] = []
  const names = Object.keys(kinds)
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value)
    if (token.kind !== 'option') continue
    const name = token.name
    const kind = Object.hasOwn(known, name) ? known[name] : undefined
    if (!kind) throw unknownOption(token.rawName, names)
    if (kind.type === 'boolean') {
      if (token.inlineValue) {
        throw usage(
          `${token.rawName} takes no value, got "${token.value}".`,
          `write ${token.rawName} alone.`,
        )
      }
      values[name] = true
      continue
    }
    const value = token.value
    if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('-'))) {
      const got = value ? ` (got the option ${value})` : value === '' ? ' (got an empty text)' : ''
      throw usage(
        `${token.rawName} needs a value${got}.`,
        `write ${token.rawName} <value>${value?.startsWith('-') ? `, or ${token.rawName}=${value} for a value that starts with "-"` : ''}.`,
      )
    }
    checkValue(token.rawName, value, kind.value)
    if (kind.multiple) values[name] = [...((values[name] as string[] | undefined) ?? []), value]
    else values[name] = value
  }
  for (const [name, kind] of Object.entries(kinds)) {
    if (values[name] === undefined) continue
    const other = kind.conflicts?.find((conflict) => values[conflict] !== undefined)
    if (other) {
      throw usage(`--${name} and --${other} cannot be given together.`, `keep one of the two.`)
    }
  }
  return { values, positionals }
}

function unknownOption(raw: string, names: readonly string[]): CliUsageError {
  const meant = raw.startsWith('--') ? closest(raw.slice(2), names) : undefined
  const list =
    names.length === 0
      ? 'this command takes no option but --help'
      : `its options are --${names.join(', --')} and --help`
  return usage(`unknown option ${raw}.`, meant ? `did you mean --${meant}? (${list})` : `${list}.`)
}

function checkValue(raw: string, text: string, spec: OptionValue | undefined): void {
  if (!spec) return
  if ('oneOf' in spec) {
    if (spec.oneOf.includes(text)) return
    const meant = closest(text, spec.oneOf)
    throw usage(
      `${raw} ${text} is not one of ${spec.oneOf.join(', ')}.`,
      meant ? `did you mean ${raw} ${meant}?` : `use one of ${spec.oneOf.join(', ')}.`,
    )
  }
  const value = Number(text)
  if ('integer' in spec) {
    const { min, max } = spec.integer
    const range = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`
    if (
      !Number.isSafeInteger(value) ||
      value < min ||
      (max !== undefined && value > max) ||
      text.trim() !== text
    ) {
      throw usage(`${raw} ${text} is not a whole number ${range}.`, `give a whole number ${range}.`)
    }
    return
  }
  const { min, max } = spec.number
  if (!Number.isFinite(value) || value < min || value > max || text.trim() === '') {
    throw usage(
      `${raw} ${text} is not a number from ${min} to ${max}.`,
      `give a number from ${min} to ${max}.`,
    )
  }
}
