import type { LabelledCriterion } from '../../src/judge/index.ts'

export const REFUND_CRITERION =
  'The reply says the refund is not recorded and a specialist will finish it'
export const ORDER_CRITERION = 'The reply mentions the order number'

const pendingReplies = [
  'Your refund is not recorded yet; a specialist will finish it today.',
  'The refund was not recorded. A specialist is finishing it now.',
  'I could not see the refund recorded, so a specialist will finish the refund.',
  'Refund not recorded yet - our specialist will finish it.',
  'A specialist will finish your refund; it is not recorded at the moment.',
  'The refund is not recorded; I have asked a specialist to finish it.',
  'Not recorded yet: the refund will be finished by a specialist.',
  'Sorry, the refund is not recorded. A billing specialist will finish it shortly.',
  'The refund has not been recorded; a specialist finishes these within a day.',
  'Our records show the refund is not recorded yet, a specialist will finish it.',
  'Refund status: not recorded. Next step: a specialist will finish it.',
]
const claimReplies = [
  'Done! I have refunded 40.00 USD for order ORD-1001.',
  'Your refund went through successfully.',
  'All taken care of, you will see the money soon.',
  'The refund is complete.',
  'I refunded your order, have a nice day.',
  'Refund issued. Anything else?',
  'Your money is on its way back to you.',
  'Everything is settled with the payment.',
  'The refund was processed a minute ago.',
  'Good news: the refund succeeded.',
  'I have refunded the order in full.',
]

/** 24 labelled replies: the keyword fake agrees on 22 (kappa 0.83), so it calibrates. */
export const refundLabels: LabelledCriterion = {
  criterion: REFUND_CRITERION,
  examples: [
    ...pendingReplies.map((reply) => ({ reply, label: 'pass' as const })),
    // A human reads this as a pass; the fake finds none of its keywords.
    { reply: 'Nothing has gone through yet; our expert will complete it.', label: 'pass' },
    ...claimReplies.map((reply) => ({ reply, label: 'fail' as const })),
    // A human reads this as a fail; the fake sees every keyword.
    {
      reply: 'The refund is recorded, not pending; no specialist needed to finish it.',
      label: 'fail',
    },
  ],
}

/** Too few examples to calibrate, however well the judge does. */
export const orderLabels: LabelledCriterion = {
  criterion: ORDER_CRITERION,
  examples: [
    { reply: 'Your order number is ORD-1001.', label: 'pass' },
    { reply: 'Order number ORD-1002 is on its way.', label: 'pass' },
    { reply: 'I looked up order number ORD-1003.', label: 'pass' },
    { reply: 'Thanks for reaching out!', label: 'fail' },
    { reply: 'The refund is done.', label: 'fail' },
    { reply: 'Have a nice day.', label: 'fail' },
  ],
}
