import { CASE_CLASSES, type CaseClass } from './classify.ts'
import { InvalidGatePolicyError } from './errors.ts'
import { plural } from './format.ts'

export type GateVerdict = 'PASS' | 'WARN' | 'BLOCK'

/** Which case classes block a release and which only warn; the rest pass. */
export interface GatePolicy {
  block: readonly CaseClass[]
  warn: readonly CaseClass[]
  /** The verdict when a pair has no case at all (nothing was compared). Default `WARN`. */
  empty?: GateVerdict
}

/** Any new critical failure or regression blocks; an incomplete case warns; an empty comparison warns. */
export const DEFAULT_GATE_POLICY: GatePolicy = Object.freeze({
  block: Object.freeze(['NEW_CRITICAL_FAILURE', 'REGRESSED'] as CaseClass[]),
  warn: Object.freeze(['INCOMPLETE'] as CaseClass[]),
  empty: 'WARN',
})

export interface Gate {
  verdict: GateVerdict
  /** Why, one line per class that counted, e.g. `2 NEW_CRITICAL_FAILURE cases (block)`. */
  reasons: string[]
}

export type ClassCounts = Record<CaseClass, number>

/**
 * Checks a policy (e.g. from a config file) and fills in defaults. A list that
 * is left out keeps its default without the classes the given list names, so
 * `{ block: [..., 'INCOMPLETE'] }` alone is enough to make incomplete cases block.
 * INCOMPLETE must warn or block and `empty` must not be PASS: unknown is never a pass.
 */
export function resolveGatePolicy(policy: Partial<GatePolicy> = {}): Required<GatePolicy> {
  // A list left out keeps its default minus the classes the other list claims.
  const block =
    policy.block ?? DEFAULT_GATE_POLICY.block.filter((name) => !policy.warn?.includes(name))
  const warn =
    policy.warn ?? DEFAULT_GATE_POLICY.warn.filter((name) => !policy.block?.includes(name))
  for (const name of [...block, ...warn]) {
    if (!CASE_CLASSES.includes(name)) throw new InvalidGatePolicyError(`unknown class ${name}`)
  }
  const both = block.find((name) => warn.includes(name))
  if (both) throw new InvalidGatePolicyError(`${both} is in both "block" and "warn"`)
  // A case that did not finish, or a comparison of nothing, is unknown: never a pass.
  if (!block.includes('INCOMPLETE') && !warn.includes('INCOMPLETE')) {
    throw new InvalidGatePolicyError(
      'INCOMPLETE is in neither "block" nor "warn", so a case that did not finish would pass',
    )
  }
  const empty = policy.empty ?? DEFAULT_GATE_POLICY.empty ?? 'WARN'
  if (empty === 'PASS') {
    throw new InvalidGatePolicyError('"empty" is PASS, so a comparison of no case would pass')
  }
  return { block, warn, empty }
}

/**
 * The release gate of one pair, from its counts per class.
 * @example
 * decideGate({ NEW_CRITICAL_FAILURE: 2, REGRESSED: 1, INCOMPLETE: 0, IMPROVED: 0, UNCHANGED: 6 })
 * // { verdict: 'BLOCK', reasons: ['2 NEW_CRITICAL_FAILURE cases (block)', '1 REGRESSED case (block)'] }
 */
export function decideGate(counts: ClassCounts, policy?: Partial<GatePolicy>): Gate {
  const { block, warn, empty } = resolveGatePolicy(policy)
  const total = CASE_CLASSES.reduce((sum, name) => sum + counts[name], 0)
  if (total === 0) return { verdict: empty, reasons: ['no case was compared'] }
  const reasons: string[] = []
  let verdict: GateVerdict = 'PASS'
  for (const name of CASE_CLASSES) {
    if (counts[name] === 0) continue
    if (block.includes(name)) {
      verdict = 'BLOCK'
      reasons.push(`${plural(counts[name], `${name} case`)} (block)`)
    } else if (warn.includes(name)) {
      if (verdict === 'PASS') verdict = 'WARN'
      reasons.push(`${plural(counts[name], `${name} case`)} (warn)`)
    }
  }
  return { verdict, reasons }
}

const RANK: Record<GateVerdict, number> = { PASS: 0, WARN: 1, BLOCK: 2 }

/** The worst of several gates (a whole comparison of several pairs); `WARN` when there are none. */
export function combineGates(gates: readonly Gate[]): Gate {
  if (gates.length === 0) return { verdict: 'WARN', reasons: ['no pair was compared'] }
  const verdict = gates.reduce<GateVerdict>(
    (worst, gate) => (RANK[gate.verdict] > RANK[worst] ? gate.verdict : worst),
    'PASS',
  )
  return { verdict, reasons: gates.flatMap((gate) => gate.reasons) }
}
