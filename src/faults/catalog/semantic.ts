/**
 * Faults in what the answer means rather than in how it travels: the lie,
 * half-applied changes, duplicates, rejections hidden in a 200, deferred
 * commits and stale reads.
 */
import { renderAnswer, renderJson } from '../../core/render-answer.ts'
import { booleanParam, defineFault, numberParam, serverErrorView, stringParam } from './parts.ts'

export const successWithoutEffect = defineFault({
  type: 'success_without_effect',
  title: 'Success without effect (the lie)',
  dependency: { effect: 'none', description: 'Nothing: no change was recorded.' },
  caller: {
    description:
      'The 2xx "succeeded" answer the tool would have given (computed on a copy of the state).',
  },
  mcp: { kind: 'tool-result', description: 'A successful tool result saying it succeeded.' },
  dangerous: true,
  params: [],
  view: (answer) => renderAnswer(answer),
})

export const inconsistentState = defineFault({
  type: 'inconsistent_state',
  title: 'Inconsistent state',
  dependency: {
    effect: 'partial',
    description: 'Part of it: only the first effects were applied (keepEffects; default half).',
  },
  caller: {
    description: "A 500 by default, or the twin's 2xx answer with reportSuccess: true.",
  },
  mcp: {
    kind: 'tool-result',
    description:
      'A tool result: isError: true with the error, or a success, as the HTTP status says.',
  },
  dangerous: true,
  params: [
    {
      name: 'keepEffects',
      type: 'integer',
      minimum: 1,
      description:
        'how many of the handler effects are applied (default: half, rounded down, at least one)',
    },
    {
      name: 'reportSuccess',
      type: 'boolean',
      default: false,
      description: "true: the caller sees the twin's success answer instead of an error",
    },
    {
      name: 'status',
      type: 'integer',
      allowed: [500, 502, 503, 504],
      default: 500,
      description: 'the error status the caller sees when reportSuccess is false',
    },
  ],
  view: (answer, params) =>
    booleanParam(params, 'reportSuccess', false)
      ? renderAnswer(answer)
      : serverErrorView(numberParam(params, 'status', 500)),
})

export const appliedTwice = defineFault({
  type: 'applied_twice',
  title: 'Applied twice',
  dependency: {
    effect: 'twice',
    description: 'Twice: the effects ran two times (the idempotency store did not prevent it).',
  },
  caller: { description: "One normal 2xx answer, the twin's own." },
  mcp: { kind: 'tool-result', description: 'One successful tool result.' },
  dangerous: true,
  params: [],
  view: (answer) => renderAnswer(answer),
})

export const businessRejectionIn200 = defineFault({
  type: 'business_rejection_in_200',
  title: 'Business rejection inside a 200',
  dependency: { effect: 'none', description: 'Nothing: the provider declined the operation.' },
  caller: { description: 'HTTP 200 with { "status": "rejected", "reason": ... } in the body.' },
  mcp: {
    kind: 'tool-result',
    description: 'A tool result without isError whose text carries the rejection.',
  },
  dangerous: false,
  params: [
    {
      name: 'reason',
      type: 'string',
      default: 'declined_by_provider',
      description: 'the rejection reason in the body',
    },
  ],
  view: (_answer, params) =>
    renderJson(200, {
      status: 'rejected',
      reason: stringParam(params, 'reason', 'declined_by_provider'),
    }),
})

/** Honest on the wire (202 says "not yet"), hence not dangerous; the trap is treating it as done. */
export const acceptedNotCommitted = defineFault({
  type: 'accepted_not_committed',
  title: 'Accepted, not committed',
  dependency: {
    effect: 'deferred',
    description:
      'Deferred: preconditions checked and changes staged; they commit after commitAfterCalls further calls, or never within the case.',
  },
  caller: { description: 'A 202 with { "status": "accepted" }.' },
  mcp: {
    kind: 'tool-result',
    description: 'A successful tool result saying the request was accepted.',
  },
  dangerous: false,
  params: [
    {
      name: 'commitAfterCalls',
      type: 'integer',
      minimum: 0,
      description:
        'the staged changes commit after this many further calls to the twin (absent: never within the case)',
    },
  ],
  view: () => renderJson(202, { status: 'accepted' }),
})

export const staleRead = defineFault({
  type: 'stale_read',
  title: 'Stale read',
  dependency: {
    effect: 'stale',
    description: 'Read from an older snapshot: the state as it was versionsBehind changes ago.',
  },
  caller: { description: 'A 2xx with old data, presented as current.' },
  mcp: { kind: 'tool-result', description: 'A successful tool result with old data.' },
  dangerous: true,
  params: [
    {
      name: 'versionsBehind',
      type: 'integer',
      minimum: 1,
      default: 1,
      description: 'how many state changes behind the answer is',
    },
  ],
  view: (answer) => renderAnswer(answer),
})
