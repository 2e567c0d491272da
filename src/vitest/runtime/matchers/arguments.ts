import type { JsonObject } from '../../../core/json.ts'
import { showValue } from '../../../core/show-value.ts'
import { describeCheck } from '../../../evaluate/index.ts'
import type { ArgsMatchMode, ToolStep, ValueCheck } from '../../../schema/scenario-document.ts'
import { unknownField } from '../../../schema/suggest.ts'
import { InvalidMatcherArgumentError } from './errors.ts'
import { jsonProblem } from './value-check.ts'

const ARGS_MODES: readonly ArgsMatchMode[] = ['exact', 'ignore', 'subset', 'superset']

/**
 * A matcher's options object, every key one the matcher knows: an unknown key
 * (a typo such as `mod` for `mode`) is refused with the loader's words for an
 * unknown field, never dropped so that the check silently runs with a default.
 * @example
 * optionsArgument('toMatchTrajectory', { mode: 'subset' }, ['mode', 'argsMode'])
 */
export function optionsArgument<Options extends object>(
  matcher: string,
  value: Options | undefined,
  allowed: readonly (keyof Options & string)[],
): Partial<Options> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidMatcherArgumentError(
      matcher,
      `options must be an object, got ${showValue(value)}`,
      `pass e.g. { ${allowed[0]}: … }, or leave the options out`,
    )
  }
  for (const key of Object.keys(value)) {
    if ((allowed as readonly string[]).includes(key)) continue
    const { message, fix } = unknownField(key, allowed)
    throw new InvalidMatcherArgumentError(matcher, `options: ${message}`, fix)
  }
  return value
}

/** A non-empty string argument, or an `InvalidMatcherArgumentError` naming it. */
export function textArgument(matcher: string, name: string, value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') return value
  throw new InvalidMatcherArgumentError(
    matcher,
    `${name} must be a non-empty string, got ${showValue(value)}`,
    `pass the ${name} as a string`,
  )
}

/** A whole number ≥ 0. */
export function countArgument(matcher: string, name: string, value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  throw new InvalidMatcherArgumentError(
    matcher,
    `${name} must be a whole number of 0 or more, got ${showValue(value)}`,
    `pass ${name} as e.g. 0, 1 or 2`,
  )
}

/** Tool arguments: a plain JSON object, or undefined. */
export function argsArgument(matcher: string, value: unknown): JsonObject | undefined {
  if (value === undefined) return undefined
  const problem =
    typeof value !== 'object' || value === null || Array.isArray(value)
      ? `args must be an object of argument values, got ${showValue(value)}`
      : jsonProblem(value, 'args')
  if (!problem) return value as JsonObject
  throw new InvalidMatcherArgumentError(
    matcher,
    problem,
    'pass the arguments as a plain JSON object, e.g. { order_id: "ORD-1001" }',
  )
}

/** `exact`, `ignore`, `subset` or `superset`, or undefined for the default. */
export function argsModeArgument(matcher: string, value: unknown): ArgsMatchMode | undefined {
  if (value === undefined || ARGS_MODES.includes(value as ArgsMatchMode)) {
    return value as ArgsMatchMode | undefined
  }
  throw new InvalidMatcherArgumentError(
    matcher,
    `argsMode ${showValue(value)} is not a mode`,
    `use one of ${ARGS_MODES.join(', ')}`,
  )
}

/** Trajectory steps: tool names or `{ tool, args }`. */
export function stepsArgument(matcher: string, value: unknown): ToolStep[] {
  if (!Array.isArray(value)) {
    throw new InvalidMatcherArgumentError(
      matcher,
      `steps must be an array, got ${showValue(value)}`,
      "pass e.g. ['lookup_order', { tool: 'refund_payment', args: { amount: 40 } }]",
    )
  }
  return value.map((step, index) => {
    if (typeof step === 'string') return { tool: textArgument(matcher, `steps[${index}]`, step) }
    const tool = textArgument(matcher, `steps[${index}].tool`, (step as ToolStep | null)?.tool)
    const args = argsArgument(matcher, (step as ToolStep).args)
    return args === undefined ? { tool } : { tool, args }
  })
}

/** State paths a case may change. */
export function pathsArgument(matcher: string, value: unknown): string[] {
  const list = typeof value === 'string' ? [value] : value
  if (!Array.isArray(list)) {
    throw new InvalidMatcherArgumentError(
      matcher,
      `allow must be a list of state paths, got ${showValue(value)}`,
      "pass e.g. ['orders.ORD-1001']",
    )
  }
  return list.map((path, index) => textArgument(matcher, `allow[${index}]`, path))
}

/** `that equals 1`, `that is > 3`, `that exists`. */
export function checkPhrase(check: ValueCheck): string {
  const text = describeCheck(check)
  return /^[<>]/.test(text) ? `that is ${text}` : `that ${text}`
}
