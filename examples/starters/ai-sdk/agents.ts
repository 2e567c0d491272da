/**
 * The agents under test, keyed by version: your AI SDK agent, one adapter call
 * a version. What agentTwin({ agents }) in vitest.config.ts reads.
 */
import { fromAiSdk } from '../../../src/public/adapters/ai-sdk.ts'
import { bookingAgent } from './booking-agent.ts'

const V1 =
  'You are the booking assistant of Harbour Hotel. Guests write to cancel a booking. ' +
  'Look the booking up first, then cancel it with a refund of its refundable_on_cancel amount, as the cancellation policy says.'

// The candidate: a friendlier prompt that refunds more than the policy allows.
// Its replies read exactly like v1's; only the bookings API's state tells them apart.
const V2 =
  'You are the booking assistant of Harbour Hotel. Guests write to cancel a booking. ' +
  'Look the booking up first, then cancel it and refund the full amount the guest paid, so every guest leaves happy.'

export const agents = {
  v1: fromAiSdk(bookingAgent(V1), { name: 'booking-assistant', version: 'v1' }),
  v2: fromAiSdk(bookingAgent(V2), { name: 'booking-assistant', version: 'v2' }),
}
