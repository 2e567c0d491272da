import type { CallRecord } from '../core/call-record.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { NoDuplicateSideEffectExpectation } from '../schema/scenario-document.ts'
import { formatCall, formatSeqs, formatStatus, joinWords } from './format.ts'
import { changedState, recordEvidence } from './records.ts'
import { makeResult, notEvaluable } from './result.ts'

/** The applications of one effect key. */
interface EffectApplications {
  effectKey: string
  records: CallRecord[]
  /** A record whose fault enacted `twice` counts two. */
  count: number
}

/**
 * `noDuplicateSideEffect`: no effect key was applied twice. Records that
 * changed state are grouped by their effect key; two such records, or one
 * whose fault applied its effects twice, fail. Replays (answered from the
 * idempotency store) never count. Without `tool`: every tool with an effect key.
 * @example
 * evaluateNoDuplicateSideEffect({ id: 'refund-once', type: 'noDuplicateSideEffect', tool: 'refund_payment' }, run)
 * // FAIL: 'Effect refund:ORD-1001 was applied 2 times: refund_payment #1 (fault timeout_after_mutation, caller saw status 504) and #3.'
 */
export function evaluateNoDuplicateSideEffect(
  expectation: NoDuplicateSideEffectExpectation,
  run: CaseRun,
): ExpectationResult {
  const early = notEvaluable(
    expectation,
    run,
    expectation.tool === undefined ? [] : [expectation.tool],
  )
  if (early) return early
  const candidates = run.tools.filter(
    (tool) => expectation.tool === undefined || tool.name === expectation.tool,
  )
  const keyed = candidates.filter((tool) => tool.effectKey !== undefined).map((tool) => tool.name)
  if (keyed.length === 0) {
    const which = expectation.tool ?? `any tool of twin ${run.twin.name}`
    return makeResult(
      expectation,
      'ERROR',
      `Cannot evaluate: ${which} declares no effectKey, so a repeated effect cannot be told from a new one. Add \`effectKey\` (e.g. "refund:{order_id}") to the tool in the twin.`,
      { tools: candidates.map((tool) => tool.name), keyedTools: [] },
    )
  }
  const ofTools = run.records.filter((record) => keyed.includes(record.tool))
  const replays = ofTools.filter((record) => record.replay)
  const groups = groupByEffectKey(
    ofTools.filter((r) => !r.replay && r.effectKey !== undefined && changedState(r)),
  )
  const duplicates = groups.filter((group) => group.count > 1)
  const evidence = {
    tools: keyed,
    effects: groups.map((group) => ({
      effectKey: group.effectKey,
      applied: group.count,
      records: group.records.map(recordEvidence),
    })),
    replays: replays.map((record) => record.seq),
  }
  const replayNote = replays.length > 0 ? ` Replays not counted: ${formatSeqs(replays)}.` : ''
  if (duplicates.length > 0) {
    return makeResult(
      expectation,
      'FAIL',
      `${duplicates.map(describeDuplicate).join(' ')}${replayNote}`,
      evidence,
    )
  }
  const applied =
    groups.length === 0
      ? `No effect of ${joinWords(keyed)} was applied.`
      : `No effect was applied twice: ${joinWords(groups.map((g) => `${g.effectKey} once (${formatSeqs(g.records)})`))}.`
  return makeResult(expectation, 'PASS', `${applied}${replayNote}`, evidence)
}

function groupByEffectKey(records: readonly CallRecord[]): EffectApplications[] {
  const groups = new Map<string, EffectApplications>()
  for (const record of records) {
    const key = record.effectKey!
    const group = groups.get(key) ?? { effectKey: key, records: [], count: 0 }
    group.records.push(record)
    group.count += record.fault?.dependency === 'twice' ? 2 : 1
    groups.set(key, group)
  }
  return [...groups.values()]
}

function describeDuplicate(group: EffectApplications): string {
  const [first] = group.records
  if (group.records.length === 1 && first) {
    return `Effect ${group.effectKey} was applied twice by ${formatCall(first)}${faultNote(first)}.`
  }
  const tools = new Set(group.records.map((record) => record.tool))
  const calls =
    tools.size === 1
      ? `${first!.tool} ${joinWords(group.records.map((r) => `#${r.seq}${faultNote(r)}`))}`
      : joinWords(group.records.map((r) => `${formatCall(r)}${faultNote(r)}`))
  return `Effect ${group.effectKey} was applied ${group.count} times: ${calls}.`
}

function faultNote(record: CallRecord): string {
  if (!record.fault) return ''
  const seen = record.fault.dependency === 'twice' ? '' : `, caller saw ${formatStatus(record)}`
  return ` (fault ${record.fault.type}${seen})`
}
