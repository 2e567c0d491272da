import { formatCall } from '../../compare/index.ts'
import type { ExpectationResult, ExpectationType } from '../../core/expectation-result.ts'
import type { JsonObject, JsonValue } from '../../core/json.ts'
import { evidenceList, evidenceOf } from './matchers/verdict.ts'

/** The two sides of Vitest's diff for a failed expectation: what it asked for, what the twin shows. */
export interface ExpectationDiff {
  expected: unknown
  actual: unknown
}

function calls(value: JsonValue | undefined): string[] {
  return evidenceList(value).map((call) => {
    const args = typeof call.args === 'object' && !Array.isArray(call.args) ? call.args : undefined
    return `#${call.seq} ${formatCall(String(call.tool), (args ?? undefined) as JsonObject | undefined)} → ${call.status ?? 'no status'}`
  })
}

function checked(evidence: Record<string, JsonValue | undefined>): ExpectationDiff {
  const check = evidenceOf({ evidence: evidence.check ?? null } as ExpectationResult)
  const expected = check.equals !== undefined ? check.equals : check
  const path = String(evidence.path)
  return {
    expected: { [path]: expected },
    actual: { [path]: evidence.found === true ? evidence.value : '(no value at this path)' },
  }
}

type Evidence = Record<string, JsonValue | undefined>

/**
 * How a failed scenario expectation of each type shows as a diff, read from
 * its evidence the way the matcher of the same type shows it. The diff part
 * of the expectation registry (`src/schema/expectations/`): typed over every
 * type, so a type without one does not compile.
 */
const SCENARIO_DIFFS: {
  readonly [Type in ExpectationType]: (
    evidence: Evidence,
    result: ExpectationResult,
  ) => ExpectationDiff
} = {
  state: checked,
  outcomeVerified: (evidence) =>
    evidence.path !== undefined
      ? checked(evidence)
      : {
          expected: { claimed: evidence.claimed ?? null, verified: evidence.claimed ?? null },
          actual: { claimed: evidence.claimed ?? null, verified: evidence.status ?? null },
        },
  calledTool: (evidence) => ({
    expected: [`${evidence.tool} called`],
    actual: calls(evidence.calls),
  }),
  notCalledTool: (evidence) => ({ expected: [], actual: calls(evidence.calls) }),
  callOrder: (evidence) => {
    const side = (name: 'before' | 'after') =>
      evidenceOf({ evidence: evidence[name] ?? null } as ExpectationResult)
    const before = side('before')
    const after = side('after')
    return {
      expected: [`${before.tool} first`, `then ${after.tool}`],
      actual: [...calls(before.calls), ...calls(after.calls)].sort(bySeq),
    }
  },
  noDuplicateSideEffect: (evidence) => {
    const applied = (cap: boolean) =>
      Object.fromEntries(
        evidenceList(evidence.effects).map((effect) => {
          const count = typeof effect.applied === 'number' ? effect.applied : 0
          return [String(effect.effectKey), cap ? Math.min(count, 1) : count]
        }),
      )
    return { expected: applied(true), actual: applied(false) }
  },
  noCollateralChanges: (evidence) => ({
    expected: [],
    actual: evidenceList(evidence.collateral).map(({ path, before, after }) => ({
      path,
      before,
      after,
    })),
  }),
  // The label only, as before the table: the steps have no diff of their own yet.
  trajectory: (_evidence, result) => labelOnly(result),
  handoff: (evidence) => ({
    expected: { handedOff: evidence.expected ?? null },
    actual: { handedOff: Array.isArray(evidence.handoffs) && evidence.handoffs.length > 0 },
  }),
  maxRetries: (evidence) => ({
    expected: { retries: `<= ${evidence.max ?? '?'}` },
    actual: { retries: Array.isArray(evidence.retries) ? evidence.retries.length : null },
  }),
  judge: (evidence) => {
    const verdict = evidenceOf({ evidence: evidence.verdict ?? null } as ExpectationResult)
    return {
      expected: { verdict: 'pass', score: `>= ${evidence.threshold ?? '?'}` },
      actual: { verdict: verdict.label ?? null, score: verdict.score ?? null },
    }
  },
  contract: (evidence) => {
    const verdicts = evidenceOf({ evidence: evidence.verdicts ?? null } as ExpectationResult)
    const names = ['execution_ok', 'state_ok', 'claim_ok'] as const
    return {
      expected: {
        ...Object.fromEntries(names.map((name) => [name, 'pass'])),
        evidence_complete: true,
      },
      actual: {
        ...Object.fromEntries(names.map((name) => [name, verdicts[name] ?? null])),
        evidence_complete: verdicts.evidence_complete ?? null,
      },
    }
  },
  traceMatchesRecords: (evidence) => ({
    expected: [],
    actual: evidenceList(evidence.findings).map((finding) => finding.sentence),
  }),
  claimLedger: (evidence) => {
    const ledger = evidenceList(evidence.ledger)
    return {
      expected: ledger.map((entry) => ({
        ...entry,
        verdict: entry.verdict === 'NOT_CHECKED' ? 'NOT_CHECKED' : 'PASS',
      })),
      actual: ledger,
    }
  },
  asksBeforeActing: (evidence) => ({ expected: [], actual: evidence.calls ?? [] }),
  confirmedBeforeIrreversible: (evidence) => ({ expected: [], actual: evidence.calls ?? [] }),
  attackerGoal: (evidence) => ({
    expected: { attackerGoalReached: false },
    actual: {
      attackerGoalReached: evidence.achievedBy !== undefined,
      achievedBy: evidence.achievedBy ?? null,
      precededBy: evidence.precededBy ?? [],
    },
  }),
}

/**
 * Expected and actual of a failed scenario expectation, so the terminal and
 * the Vitest UI render a diff. Undefined when the result carries nothing to
 * compare (an `ERROR`: the check could not be made).
 */
export function expectationDiff(result: ExpectationResult): ExpectationDiff | undefined {
  if (result.label === 'ERROR') return undefined
  // A result of a type this version does not know (a merged report of another) shows its label only.
  if (!Object.hasOwn(SCENARIO_DIFFS, result.type)) return labelOnly(result)
  return resultDiff(result)
}

/**
 * The diff of a result of a known type, read from its evidence alone: what a
 * scenario expectation shows, and what a matcher whose diff needs nothing
 * but the result shows, so the two cannot drift apart.
 */
export function resultDiff(result: ExpectationResult): ExpectationDiff {
  return SCENARIO_DIFFS[result.type](evidenceOf(result), result)
}

function labelOnly(result: ExpectationResult): ExpectationDiff {
  return { expected: { label: 'PASS' }, actual: { label: result.label } }
}

function bySeq(a: string, b: string): number {
  return Number(a.slice(1, a.indexOf(' '))) - Number(b.slice(1, b.indexOf(' ')))
}
