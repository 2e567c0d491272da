import type { PairReport, SideReport } from '../compare/report.ts'

/** One side's model evidence over a pair's cases: beside the verdict, never in it. */
export interface SideModelTotals {
  /** `live`, `replayed`, `refused`, `missing` or `scripted` (`n/a` when unseen), or the mix of them (`replayed+scripted`). */
  llm: string
  /** Input plus output tokens the providers counted. */
  tokens: number
  /** Present when a price table covered every case that called a model. */
  costUsd?: number
}

function sideTotals(sides: readonly SideReport[]): SideModelTotals {
  const kinds = [...new Set(sides.map((side) => side.llm ?? 'n/a'))].sort()
  let tokens = 0
  let cost: number | undefined = 0
  for (const side of sides) {
    const counted = side.metrics.tokens
    if (counted) tokens += counted.input + counted.output
    // Only answered calls cost: a refused or missing request has no model call to price.
    if (!side.models) continue
    if (cost !== undefined && side.models.costUsd !== undefined) cost += side.models.costUsd
    else cost = undefined
  }
  const totals: SideModelTotals = { llm: kinds.join('+'), tokens }
  if (cost !== undefined) totals.costUsd = Math.round(cost * 1e6) / 1e6
  return totals
}

/**
 * Per side, whether a model was in the loop, its tokens and its cost, or
 * `undefined` when no case of the pair called a model (a scripted pair's
 * report stays as it was).
 * @example
 * const totals = modelTotals(pair) // { baseline: { llm: 'replayed', tokens: 160, costUsd: 0.00003 }, candidate: ... }
 */
export function modelTotals(
  pair: PairReport,
): { baseline: SideModelTotals; candidate: SideModelTotals } | undefined {
  const modelTraffic = (side: SideReport) => side.llm !== undefined && side.llm !== 'scripted'
  const used = pair.cases.some(
    (item) => modelTraffic(item.baseline) || modelTraffic(item.candidate),
  )
  if (!used) return undefined
  return {
    baseline: sideTotals(pair.cases.map((item) => item.baseline)),
    candidate: sideTotals(pair.cases.map((item) => item.candidate)),
  }
}

/** A cost as the reports print it: `$0.000123`, or `n/a` without a price. */
export function formatCost(costUsd: number | undefined): string {
  return costUsd === undefined ? 'n/a' : `$${costUsd}`
}
