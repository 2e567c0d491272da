import type { CaseRun } from '../core/case-run.ts'
import { type SelectionMismatch, SelectionMismatchError } from './errors.ts'

const FIELDS: ReadonlyArray<[string, (run: CaseRun) => string | number]> = [
  ['scenario.version', (run) => run.scenario.version],
  ['scenario.digest', (run) => run.scenario.digest],
  ['seed', (run) => run.seed],
  ['twin.name', (run) => run.twin.name],
  ['twin.version', (run) => run.twin.version],
  ['twin.digest', (run) => run.twin.digest],
]

function byScenario<T extends { run: CaseRun }>(cases: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of cases) {
    const list = map.get(item.run.scenario.id) ?? []
    list.push(item)
    map.set(item.run.scenario.id, list)
  }
  return map
}

/**
 * Matches the cases of both sides by scenario id and proves they ran the same
 * selection: the recorded scenario version and digest, seed and twin of each
 * case, not the pin they were asked to run. Every difference is reported at once.
 * With `seeds: 'independent'` (trials whose sides ran their own seeds) the
 * seed is left out: each run records its own.
 * @throws SelectionMismatchError (code `AGENTTWIN_SELECTION_MISMATCH`)
 * @example
 * const pairs = matchSelections(baseline.cases, candidate.cases) // [[b, c], ...] in the baseline's order
 */
export function matchSelections<T extends { run: CaseRun }>(
  baseline: readonly T[],
  candidate: readonly T[],
  options: { seeds?: 'independent' | 'shared' } = {},
): Array<[T, T]> {
  const fields =
    options.seeds === 'independent' ? FIELDS.filter(([field]) => field !== 'seed') : FIELDS
  const left = byScenario(baseline)
  const right = byScenario(candidate)
  const mismatches: SelectionMismatch[] = []
  const matched: Array<[T, T]> = []
  const ids = [...new Set([...left.keys(), ...right.keys()])]
  for (const scenario of ids) {
    const a = left.get(scenario) ?? []
    const b = right.get(scenario) ?? []
    if (a.length === 0 || b.length === 0) {
      const state = (list: T[]) => (list.length > 0 ? 'present' : 'absent')
      mismatches.push({ scenario, field: 'presence', baseline: state(a), candidate: state(b) })
      continue
    }
    if (a.length > 1 || b.length > 1) {
      mismatches.push({
        scenario,
        field: 'count',
        baseline: String(a.length),
        candidate: String(b.length),
      })
      continue
    }
    const [one, other] = [a[0]!, b[0]!]
    for (const [field, read] of fields) {
      const x = read(one.run)
      const y = read(other.run)
      if (x !== y) mismatches.push({ scenario, field, baseline: String(x), candidate: String(y) })
    }
    matched.push([one, other])
  }
  if (mismatches.length > 0) throw new SelectionMismatchError(mismatches)
  return matched
}
