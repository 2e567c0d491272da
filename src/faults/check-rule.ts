import type { FaultParamSpec, FaultRuleDocument, FaultType } from '../core/fault-model.ts'
import { isJsonObject, type JsonValue } from '../core/json.ts'
import { pathProblems } from '../core/state-path.ts'
import { faultCatalog, getFaultType } from './catalog.ts'
import { closestName } from './closest.ts'

/** One problem of a fault rule. */
export interface RuleProblem {
  /** Relative to the rule: `fault`, `tool`, `when.call`, `when.calls[1]`, `params.status`. */
  path: string
  message: string
  fix: string
}

const RULE_KEYS = ['id', 'tool', 'when', 'fault', 'params']
const CONDITION_KEYS = ['turn', 'call', 'calls', 'every', 'from', 'maxTimes', 'args', 'probability']
const SEE_ALL = 'run `npx agenttwin faults` to see every fault type'

function show(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value)
}

function unknownKeyProblem(path: string, key: string, allowed: readonly string[]): RuleProblem {
  const near = closestName(key, allowed)
  return {
    path,
    message: `unknown field "${key}"`,
    fix: near
      ? `did you mean "${near}"? Allowed: ${allowed.join(', ')}`
      : `use one of: ${allowed.join(', ')}`,
  }
}

const POSITIVE_FIXES: Record<string, string> = {
  call: 'call numbers count from 1 (the first call of the tool is 1)',
  'each call number': 'call numbers count from 1 (the first call of the tool is 1)',
  every: '`every: 2` faults calls 2, 4, 6, ...; use 1 for every call',
  from: '`from: 3` faults the third call and every one after it; use 1 for every call',
  maxTimes: '`maxTimes: 1` fires the rule once per case; leave it out for no limit',
  turn: 'user turns count from 1 (the first user message is turn 1); `turn: 3, call: 1` faults the first call of the tool in turn 3',
}

function checkPositiveInteger(path: string, value: unknown, what: string): RuleProblem[] {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return []
  return [
    {
      path,
      message: `${what} must be a whole number of at least 1, got ${show(value)}`,
      fix: POSITIVE_FIXES[what] ?? 'use a whole number of at least 1',
    },
  ]
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

function checkCondition(when: unknown): RuleProblem[] {
  if (when === undefined) return []
  if (!isJsonObject(when)) {
    return [
      {
        path: 'when',
        message: `when must be an object, got ${show(when)}`,
        fix: 'write e.g. `when: { call: 1 }`, or leave `when` out to fault every call',
      },
    ]
  }
  const problems: RuleProblem[] = []
  for (const key of Object.keys(when)) {
    if (!CONDITION_KEYS.includes(key))
      problems.push(unknownKeyProblem(`when.${key}`, key, CONDITION_KEYS))
  }
  if (when.call !== undefined)
    problems.push(...checkPositiveInteger('when.call', when.call, 'call'))
  if (when.calls !== undefined) {
    if (!Array.isArray(when.calls) || when.calls.length === 0) {
      problems.push({
        path: 'when.calls',
        message: `calls must be a non-empty list of call numbers, got ${show(when.calls)}`,
        fix: 'write e.g. `calls: [1, 3]`',
      })
    } else {
      when.calls.forEach((call, index) => {
        problems.push(...checkPositiveInteger(`when.calls[${index}]`, call, 'each call number'))
      })
    }
  }
  for (const key of ['turn', 'every', 'from', 'maxTimes'] as const) {
    if (when[key] !== undefined)
      problems.push(...checkPositiveInteger(`when.${key}`, when[key], key))
  }
  const probability = when.probability
  if (probability !== undefined) {
    const valid = typeof probability === 'number' && probability >= 0 && probability <= 1
    if (!valid) {
      problems.push({
        path: 'when.probability',
        message: `probability must be a number from 0 to 1, got ${show(probability)}`,
        fix: 'write a rate such as 0.2 (20% of the calls); 50% is 0.5, not 50',
      })
    }
  }
  if (when.args !== undefined && !isJsonObject(when.args)) {
    problems.push({
      path: 'when.args',
      message: `args must be an object of argument values, got ${show(when.args)}`,
      fix: 'write e.g. `args: { order_id: ORD-1001 }`',
    })
  }
  return problems
}

function hasType(value: unknown, type: FaultParamSpec['type']): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'string':
      return typeof value === 'string'
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isJsonObject(value)
  }
}

function checkParam(spec: FaultParamSpec, value: unknown, path: string): RuleProblem[] {
  const example = spec.default !== undefined ? ` such as ${show(spec.default)}` : ''
  if (!hasType(value, spec.type)) {
    return [
      {
        path,
        message: `${spec.name} must be ${article(spec.type)}, got ${show(value)}`,
        fix: `give ${spec.name} ${article(spec.type)}${example} (${spec.description})`,
      },
    ]
  }
  if (spec.allowed && !spec.allowed.some((allowed) => allowed === value)) {
    return [
      {
        path,
        message: `${spec.name} ${show(value)} is not supported by this fault`,
        fix: `use one of: ${spec.allowed.map(show).join(', ')}`,
      },
    ]
  }
  if (spec.minimum !== undefined && typeof value === 'number' && value < spec.minimum) {
    return [
      {
        path,
        message: `${spec.name} must be at least ${spec.minimum}, got ${show(value)}`,
        fix: `use a value of ${spec.minimum} or more`,
      },
    ]
  }
  if (spec.format && typeof value === 'string' && !(value === '' && spec.default === '')) {
    const problem = pathProblems(value, spec.format === 'state-path' ? 'path' : 'pattern')[0]
    if (problem) {
      return [{ path, message: `${spec.name} ${show(value)} ${problem.says}`, fix: problem.fix }]
    }
  }
  const elementType = spec.elementType
  if (elementType && (Array.isArray(value) || isJsonObject(value))) {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [`${path}[${index}]`, item] as const)
      : Object.entries(value).map(([key, item]) => [`${path}.${key}`, item] as const)
    return entries
      .filter(([, item]) => !hasType(item, elementType))
      .map(([itemPath, item]) => ({
        path: itemPath,
        message: `each entry of ${spec.name} must be ${article(elementType)}, got ${show(item)}`,
        fix: spec.description,
      }))
  }
  return []
}

/** Params the fault cannot do without, named when the rule leaves them out. */
function missingParams(fault: FaultType, params: unknown): RuleProblem[] {
  const given = isJsonObject(params) ? params : {}
  return fault.params
    .filter((spec) => spec.required && !Object.hasOwn(given, spec.name))
    .map((spec) => ({
      path: `params.${spec.name}`,
      message: `${fault.type} needs the parameter "${spec.name}"`,
      fix: `add \`params: { ${spec.name}: ... }\` (${spec.description})`,
    }))
}

/** A tool-description injection is listed before any call, so call conditions cannot apply. */
function conditionProblems(fault: FaultType | undefined, when: unknown): RuleProblem[] {
  if (fault?.injection?.target !== 'tool-description' || when === undefined) return []
  return [
    {
      path: 'when',
      message: `${fault.type} rewrites the tool's description for every listing, so a call condition cannot apply`,
      fix: 'remove `when` from this rule',
    },
  ]
}

function checkParams(faultType: string, params: unknown): RuleProblem[] {
  const fault = getFaultType(faultType)
  if (!fault) return []
  if (params === undefined) return missingParams(fault, params)
  if (!isJsonObject(params)) {
    return [
      {
        path: 'params',
        message: `params must be an object, got ${show(params)}`,
        fix: `write e.g. \`params: { ${fault.params[0]?.name ?? 'name'}: ... }\` or leave params out`,
      },
    ]
  }
  const names = fault.params.map((spec) => spec.name)
  const problems: RuleProblem[] = missingParams(fault, params)
  for (const [name, value] of Object.entries(params)) {
    const spec = fault.params.find((candidate) => candidate.name === name)
    if (spec) {
      problems.push(...checkParam(spec, value, `params.${name}`))
      continue
    }
    const near = closestName(name, names)
    problems.push({
      path: `params.${name}`,
      message: `${faultType} has no parameter "${name}"`,
      fix:
        names.length === 0
          ? `${faultType} takes no parameters; remove it`
          : `${near ? `did you mean "${near}"? ` : ''}${faultType} takes: ${names.join(', ')}`,
    })
  }
  return problems
}

function checkFault(fault: unknown): RuleProblem[] {
  if (typeof fault === 'string' && getFaultType(fault)) return []
  const near =
    typeof fault === 'string'
      ? closestName(
          fault,
          faultCatalog.map((f) => f.type),
        )
      : undefined
  return [
    {
      path: 'fault',
      message: `unknown fault type ${show(fault)}`,
      fix: near ? `did you mean "${near}"? ${SEE_ALL}` : SEE_ALL,
    },
  ]
}

function checkTool(tool: unknown, toolNames: readonly string[], twin?: string): RuleProblem[] {
  if (typeof tool === 'string' && toolNames.includes(tool)) return []
  const near = typeof tool === 'string' ? closestName(tool, toolNames) : undefined
  const known = toolNames.length > 0 ? toolNames.join(', ') : '(the twin has no tools)'
  return [
    {
      path: 'tool',
      message: `${twin ? `twin ${show(twin)}` : 'the twin'} has no tool ${show(tool)}`,
      fix: near
        ? `did you mean "${near}"? The twin's tools: ${known}`
        : `use one of the twin's tools: ${known}`,
    },
  ]
}

/**
 * Checks one fault rule against the catalog and the twin's tool names (the
 * twin's name, when given, is named in an unknown-tool problem). An empty list
 * means the rule is valid. Never throws.
 *
 * @example
 * checkFaultRule({ id: 'r1', tool: 'refund_payment', fault: 'timeout_after_mutaton' }, ['refund_payment'])
 * // [{ path: 'fault', message: 'unknown fault type "timeout_after_mutaton"',
 * //    fix: 'did you mean "timeout_after_mutation"? run `npx agenttwin faults` to see every fault type' }]
 */
export function checkFaultRule(
  rule: FaultRuleDocument,
  toolNames: readonly string[],
  twinName?: string,
): RuleProblem[] {
  const raw: unknown = rule
  if (!isJsonObject(raw)) {
    return [
      {
        path: '',
        message: `a fault rule must be an object, got ${show(raw)}`,
        fix: 'write e.g. `{ id: refund-timeout, tool: refund_payment, fault: timeout_after_mutation }`',
      },
    ]
  }
  const problems: RuleProblem[] = []
  for (const key of Object.keys(raw)) {
    if (!RULE_KEYS.includes(key)) problems.push(unknownKeyProblem(key, key, RULE_KEYS))
  }
  if (typeof raw.id !== 'string' || raw.id.length === 0) {
    problems.push({
      path: 'id',
      message: `a fault rule needs a non-empty string id, got ${show(raw.id)}`,
      fix: 'give the rule a stable id such as `refund-timeout`; seeded decisions depend on it',
    })
  }
  problems.push(...checkFault(raw.fault))
  problems.push(...checkTool(raw.tool, toolNames, twinName))
  problems.push(...checkCondition(raw.when))
  problems.push(...conditionProblems(getFaultType(String(raw.fault)), raw.when))
  problems.push(...checkParams(String(raw.fault), raw.params as JsonValue | undefined))
  return problems
}
