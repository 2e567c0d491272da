import { jsonEquals } from '../core/canonical-json.ts'
import type { JsonValue } from '../core/json.ts'
import type { RiskLevel } from '../core/risk.ts'
import { differingArguments } from './arguments.ts'
import { formatCall, formatChanges, formatValue, joinWords, plural } from './format.ts'
import type { DivergenceKind } from './lockstep.ts'
import type { CallStep, OutcomeStep, Step } from './steps.ts'
import {
  endedTurnWords,
  stoppedBeforeTurnDetail,
  turnAt,
  turnEndedDetail,
  userSentence,
} from './turn-sentences.ts'

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

function didAt(step: Step, steps: readonly Step[]): string {
  if (step.kind === 'call') return `called ${formatCall(step.tool, step.args)}`
  if (step.kind === 'turn') return endedTurnWords(steps, step.turn - 1)
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
  stopped: { side: Side; steps: readonly Step[] },
  going: { side: Side; steps: readonly Step[]; step: CallStep },
): string {
  return `The ${going.side} went on and ${act(going.step)}, making ${plural(callCount(going.steps), 'tool call')} in all; the ${stopped.side} made ${callCount(stopped.steps)}.`
}

function outcomeDetail(
  prefix: readonly Step[],
  baseline: OutcomeStep,
  candidate: OutcomeStep,
): string {
  const calls = callCount(prefix)
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

/**
 * `At step 3`, or in a conversation `In turn 2, at step 3`: the turn of the
 * calls there, or the turn a side ended by replying.
 */
function stepPhrase(step: number, b: Step, c: Step): string {
  const turns = [b, c].flatMap((s) => {
    const turn = turnAt(s)
    return turn === undefined ? [] : [turn]
  })
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
  const sides = { baseline: input.baseline, candidate: input.candidate }
  if (b.kind === 'turn' && c.kind === 'turn') {
    return userSentence(`In turn ${b.turn}, at step ${step}`, b, c)
  }
  const at = stepPhrase(step, b, c)
  if (b.kind === 'outcome' && c.kind === 'outcome') {
    return {
      sentence: `${at} both sides stopped calling tools; the baseline ${reported(b)} and the candidate ${reported(c)}.`,
      detail: outcomeDetail(input.baseline.slice(0, step - 1), b, c),
    }
  }
  const sentence = `${at} the baseline ${didAt(b, sides.baseline)}; the candidate ${didAt(c, sides.candidate)}.`
  if (b.kind === 'outcome' || c.kind === 'outcome') {
    const [stoppedSide, stopped, goingSide, going]: [Side, OutcomeStep, Side, Step] =
      b.kind === 'outcome'
        ? ['baseline', b, 'candidate', c]
        : ['candidate', c as OutcomeStep, 'baseline', b]
    if (going.kind === 'turn') {
      const went = `${didAt(going, sides[goingSide])}, and the conversation went on to turn ${going.turn}`
      const stoppedWords = `${didAt(stopped, sides[stoppedSide])}`
      const [first, second] = b.kind === 'outcome' ? [stoppedWords, went] : [went, stoppedWords]
      return {
        sentence: `${at} the baseline ${first}; the candidate ${second}.`,
        detail: stoppedBeforeTurnDetail(
          { side: stoppedSide, step: stopped },
          { side: goingSide, steps: sides[goingSide], step: going },
        ),
      }
    }
    const detail = stoppedDetail(
      { side: stoppedSide, steps: sides[stoppedSide] },
      { side: goingSide, steps: sides[goingSide], step: going as CallStep },
    )
    return { sentence, detail }
  }
  if (b.kind === 'turn' || c.kind === 'turn') {
    const [endedSide, goingSide, call]: [Side, Side, CallStep] =
      b.kind === 'turn' ? ['baseline', 'candidate', c as CallStep] : ['candidate', 'baseline', b]
    const turn = (b.kind === 'turn' ? b : (c as Step & { kind: 'turn' })).turn - 1
    const detail = turnEndedDetail(
      { side: endedSide, steps: sides[endedSide] },
      { side: goingSide, steps: sides[goingSide], call, act: act(call) },
      turn,
    )
    return { sentence, detail }
  }
  const sameCall = b.tool === c.tool && jsonEquals(b.args, c.args)
  const callSentence = sameCall
    ? `${at} both sides called ${formatCall(c.tool, c.args)}; the baseline got ${seen(b)} and the candidate got ${seen(c)}.`
    : sentence
  const prefix = input.baseline.slice(0, step - 1)
  const details: Record<
    Exclude<DivergenceKind, 'outcome' | 'stopped-earlier' | 'turn-ended' | 'user'>,
    () => string
  > = {
    tool: () => toolDetail(prefix, b, c),
    arguments: () => argumentsDetail(b, c),
    result: () => resultDetail(b, c),
    policy: () => policyDetail(b, c),
  }
  const describe = details[kind as keyof typeof details] ?? details.result
  return { sentence: callSentence, detail: describe() }
}
