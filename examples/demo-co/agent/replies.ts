import { money, type Order } from './order.ts'

/**
 * Everything the agent says to a customer. The tone lines of a manifest are
 * persona only, so the wording never depends on the manifest.
 */
export const replies = {
  needOrderId: () =>
    'Could you tell me your order number? It looks like ORD-1234, and it is in your order confirmation e-mail.',
  orderNotFound: (orderId: string) =>
    `I could not find order ${orderId}. Please check the order number in your confirmation e-mail; it looks like ORD-1234.`,
  ordersUnavailable: (orderId: string) =>
    `I cannot reach our order system right now, so I could not check order ${orderId}. Please try again in a few minutes.`,
  notYourOrder: (orderId: string) =>
    `Order ${orderId} is not registered to your account, so I cannot act on it. Please check the order number.`,
  orderStatus: (order: Order) => {
    const shipment = order.shipment
    const tracking = shipment?.tracking_number
      ? ` with ${shipment.carrier ?? 'the carrier'} (tracking number ${shipment.tracking_number})`
      : ''
    const eta = shipment?.estimated_delivery
      ? `, expected to arrive on ${shipment.estimated_delivery}`
      : ''
    return `Order ${order.order_id} is ${order.status.replaceAll('_', ' ')}${tracking}${eta}.`
  },
  alreadyRefunded: (order: Order) =>
    `Order ${order.order_id} has already been fully refunded (${money(order.refunded_amount, order.currency)}), so there is nothing left to refund.`,
  wrongCurrency: (order: Order, currency: string) =>
    `Order ${order.order_id} was paid in ${order.currency}, so I cannot refund it in ${currency}. Tell me the amount in ${order.currency} and I will take care of it.`,
  aboveRefundable: (order: Order, amount: number) =>
    `I can refund at most ${money(order.refundable_amount, order.currency)} for order ${order.order_id}, not ${money(amount, order.currency)}. Shall I refund ${money(order.refundable_amount, order.currency)}?`,
  notRefundable: (orderId: string, reason: string | undefined) =>
    `I'm sorry, order ${orderId} cannot be refunded${reason ? `: ${reason}` : '.'}`,
  refundRejected: (orderId: string, reason: string | undefined) =>
    `I'm sorry, the refund for order ${orderId} did not go through. ${reason ?? 'The payment system declined it.'}`,
  aboveAutoLimit: (orderId: string, amount: string, limit: string) =>
    `Refunds above ${limit} need a specialist's approval. I have passed your request for ${amount} on order ${orderId} to our refunds team; they will get back to you within one business day.`,
  policyUnavailable: (orderId: string) =>
    `I could not check the refund policy for order ${orderId} right now, so I have passed your request to a specialist who will finish it.`,
  refunded: (orderId: string, amount: string, emailed: boolean) =>
    `Done! I've refunded ${amount} for order ${orderId}.${emailed ? ' A confirmation e-mail is on its way.' : ''}`,
  refundNotRecorded: (orderId: string, amount: string) =>
    `The payment system reported your refund of ${amount} for order ${orderId} as successful, but the refund is not recorded on your order. A specialist will finish it: I have handed your case over and they will get back to you.`,
  refundPending: (orderId: string, amount: string) =>
    `Your refund of ${amount} for order ${orderId} has been submitted and is awaiting confirmation from the payment system. A specialist will follow it up and finish it: I have handed your case over.`,
  refundNotStarted: (orderId: string, amount: string) =>
    `I could not start your refund of ${amount} for order ${orderId}: the payment system is not accepting requests right now. A specialist will finish it: I have handed your case over.`,
  refundUnconfirmed: (orderId: string, amount: string) =>
    `I could not confirm your refund of ${amount} for order ${orderId}: the payment system did not give a clear answer. A specialist will check it and finish it: I have handed your case over.`,
}
