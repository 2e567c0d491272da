import { jsonEquals } from '../core/canonical-json.ts'
import type { JsonValue } from '../core/json.ts'
import type { RiskLevel } from '../core/risk.ts'
import { differingArguments } from './arguments.ts'
import { formatCall, formatChanges, formatValue, joinWords, plural } from './format.ts'
import type { DivergenceKind } from './lockstep.ts'
import type { CallStep, OutcomeStep, Step } from './steps.ts'

type Side = 'baseline' | 'candidate'

const RISK_RANK: Record<RiskLevel, number> = {
  READ: 0,
  WRITE_REVERSIBLE: 1,
  OUTBOUND_COMMUNICATION: 2,
  WRITE_IRREVERSIBLE: 3,
}

/** What a call did, worded by the tool's risk level: `called the irreversible refund_payment`. */
export function riskAction(risk: RiskLevel, tool: string): string {
  switch (risk) {
    case 'READ':
      return `called the read-only ${tool}`
    case 'WRITE_REVERSIBLE':
      return `called the reversible ${tool}`
    case 'WRITE_IRREVERSIBLE':
      return `called the irreversible ${tool}`
    case 'OUTBOUND_COMMUNICATION':
      return `sent an outbound message via ${tool}`
  }
}

function act(step: CallStep): string {
  return step.policy?.kind === 'handoff'
    ? `handed the case to a human via ${step.tool}`
    : riskAction(step.risk, step.tool)
}

function reported(step: OutcomeStep): string {
  if (step.finished && step.outcome) return `reported ${step.outcome}`
  return `did not finish (${step.error?.kind ?? 'no result'})`
}

function didAt(step: Step): string {
  if (step.kind === 'call') return `called ${formatCall(step.tool, step.args)}`
  return `made no further tool call and ${reported(step)}`
}

/** What the caller saw; `named` adds the injected fault's name. */
function seen(step: CallStep, named = true): string {
  const caller = step.fault?.caller
  let what = step.status === null ? 'no status' : String(step.status)
  if (caller?.kind === 'connection-error') what = `a connection error (${caller.code ?? 'unknown'})`
  if (caller?.kind === 'no-response') what = 'no response'
  return step.fault && named ? `${what} with fault ${step.fault.type}` : what
}

function effectOf(step: CallStep): string {
  if (step.effect.replay)
    return 'the twin answered from its idempotency store with no second effect'
  const parts: string[] = []
  if (step.effect.changes.length > 0)
    parts.push(`the call changed ${formatChanges(step.effect.changes)}`)
  const deferred = step.effect.deferred
  if (deferred) {
    const when = deferred.committed ? 'committed later' : 'not committed within the case'
    parts.push(`its effect was deferred (${formatChanges(deferred.changes)}, ${when})`)
  }
  return parts.length > 0 ? joinWords(parts) : 'the call changed nothing'
}

const DEPENDENCY_WORDS: Record<string, string> = {
  none: 'did nothing',
  applied: 'applied the effect',
  partial: 'applied part of the effect',
  twice: 'applied the effect twice',
  deferred: 'deferred the effect',
  stale: 'served a stale snapshot',
}

function faultNote(side: Side, step: CallStep): string {
  if (!step.fault) return ''
  const did = DEPENDENCY_WORDS[step.fault.dependency] ?? step.fault.dependency
  return ` On the ${side}, fault ${step.fault.type} was injected: the dependency ${did} and the caller saw ${seen(step, false)}.`
}

function toolDetail(prefix: readonly Step[], baseline: CallStep, candidate: CallStep): string {
  const candidateActs = RISK_RANK[candidate.risk] >= RISK_RANK[baseline.risk]
  const [actor, acting, otherSide, other]: [Side, CallStep, Side, CallStep] = candidateActs
    ? ['candidate', candidate, 'baseline', baseline]
    : ['baseline', baseline, 'candidate', candidate]
  if (acting.risk === 'READ') {
    return `Both calls are reads: the candidate called ${candidate.tool} where the baseline called ${baseline.tool}; every step before this one matched.`
  }
  const calledBefore = prefix.some((step) => step.kind === 'call' && step.tool === other.tool)
  if (!calledBefore) {
    return `The ${actor} ${act(acting)} without first calling ${other.tool}, which the ${otherSide} called at this point.`
  }
  return `The ${actor} ${act(acting)} at this point, where the ${otherSide} called ${other.tool} again.`
}

// As the call itself prints it: strings bare, so the two sentences quote values alike.
function argValue(value: JsonValue | undefined): string {
  if (value === undefined) return 'absent'
  return typeof value === 'string' ? value : formatValue(value)
}

function argumentsDetail(baseline: CallStep, candidate: CallStep): string {
  const idempotency = baseline.idempotencyArgument ?? candidate.idempotencyArgument
  const parts = differingArguments(baseline, candidate).map((name) => {
    const note = name === idempotency ? ' (the idempotency argument)' : ''
    return `${name}${note} was ${argValue(baseline.args[name])} on the baseline and ${argValue(candidate.args[name])} on the candidate`
  })
  return `Both sides ${act(candidate)} with different arguments: ${parts.join('; ')}.`
}

function resultDetail(baseline: CallStep, candidate: CallStep): string {
  const before = effectOf(baseline)
  const after = effectOf(candidate)
  const faults = `${faultNote('baseline', baseline)}${faultNote('candidate', candidate)}`
  if (before === after) {
    return `Both calls had the same state effect (${before}); only what the caller saw differs: ${seen(baseline)} on the baseline, ${seen(candidate)} on the candidate.${faults}`
  }
  return `On the baseline ${before}; on the candidate ${after}.${faults}`
}

function policyStory(step: CallStep): string {
  if (step.policy?.kind === 'rejected') {
    return `had its ${step.tool} call rejected by the twin's own rules with ${step.policy.status}`
  }
  return act(step)
}

function policyDetail(baseline: CallStep, candidate: CallStep): string {
  if (baseline.policy && candidate.policy) {
    return `The baseline ${policyStory(baseline)}; the candidate ${policyStory(candidate)}.`
  }
  const [side, hit, otherSide, other]: [Side, CallStep, Side, CallStep] = baseline.policy
    ? ['baseline', baseline, 'candidate', candidate]
    : ['candidate', candidate, 'baseline', baseline]
  if (hit.policy?.kind === 'rejected') {
    return `The twin rejected the ${side}'s ${hit.tool} call by its own rules (its own answer was ${hit.policy.status}, not an injected fault); the ${otherSide}'s ${other.tool} call was not rejected.`
  }
  return `The ${side} ${act(hit)}; the ${otherSide} did not hand off: it ${act(other)} instead.`
}

function stoppedDetail(
  stoppedSide: Side,
  stopped: OutcomeStep,
  goingSide: Side,
  going: CallStep,
  total: number,
): string {
  return `The ${goingSide} went on and ${act(going)}, making ${plural(total, 'tool call')} in all; the ${stoppedSide} made ${stopped.step - 1}.`
}

function outcomeDetail(step: number, baseline: OutcomeStep, candidate: OutcomeStep): string {
  const calls = step - 1
  const matched =
    calls === 0
      ? 'Neither side called a tool'
      : calls === 1
        ? 'The one tool call matched on both sides'
        : `All ${calls} tool calls matched on both sides`
  const unfinished = (side: Side, outcome: OutcomeStep): string =>
    outcome.finished
      ? ''
      : ` The ${side} did not finish: ${outcome.error?.kind ?? 'no result'}${outcome.error ? ` (${outcome.error.message})` : ''}.`
  if (baseline.finished && candidate.finished) {
    return `${matched}; only the reported outcome differs.`
  }
  return `${matched}.${unfinished('baseline', baseline)}${unfinished('candidate', candidate)}`
}

function callCount(steps: readonly Step[]): number {
  return steps.filter((step) => step.kind === 'call').length
}

/** `At step 3`, or in a conversation `In turn 2, at step 3` (the turn of the calls there). */
function stepPhrase(step: number, b: Step, c: Step): string {
  const turns = [b, c].flatMap((s) => (s.kind === 'call' && s.turn !== undefined ? [s.turn] : []))
  if (turns.length === 0) return `At step ${step}`
  const [first, second] = turns
  return second !== undefined && second !== first
    ? `At step ${step} (turn ${first} for the baseline, turn ${second} for the candidate)`
    : `In turn ${first}, at step ${step}`
}

/**
 * The two sentences of a divergence: what each side did at the step, then
 * what the recorded evidence shows. Only facts from the records; no causes.
 */
export function describeDivergence(input: {
  kind: DivergenceKind
  step: number
  baseline: readonly Step[]
  candidate: readonly Step[]
}): { sentence: string; detail: string } {
  const { kind, step } = input
  const b = input.baseline[step - 1]!
  const c = input.candidate[step - 1]!
  const at = stepPhrase(step, b, c)
  if (b.kind === 'outcome' && c.kind === 'outcome') {
    return {
      sentence: `${at} both sides stopped calling tools; the baseline ${reported(b)} and the candidate ${reported(c)}.`,
      detail: outcomeDetail(step, b, c),
    }
  }
  if (b.kind === 'outcome' || c.kind === 'outcome') {
    const sentence = `${at} the baseline ${didAt(b)}; the candidate ${didAt(c)}.`
    const detail =
      b.kind === 'outcome'
        ? stoppedDetail('baseline', b, 'candidate', c as CallStep, callCount(input.candidate))
        : stoppedDetail('candidate', c as OutcomeStep, 'baseline', b, callCount(input.baseline))
    return { sentence, detail }
  }
  const sameCall = b.tool === c.tool && jsonEquals(b.args, c.args)
  const sentence = sameCall
    ? `${at} both sides called ${formatCall(c.tool, c.args)}; the baseline got ${seen(b)} and the candidate got ${seen(c)}.`
    : `${at} the baseline ${didAt(b)}; the candidate ${didAt(c)}.`
  const prefix = input.baseline.slice(0, step - 1)
  const details: Record<Exclude<DivergenceKind, 'outcome' | 'stopped-earlier'>, () => string> = {
    tool: () => toolDetail(prefix, b, c),
    arguments: () => argumentsDetail(b, c),
    result: () => resultDetail(b, c),
    policy: () => policyDetail(b, c),
  }
  const describe = details[kind as keyof typeof details] ?? details.result
  return { sentence, detail: describe() }
}
