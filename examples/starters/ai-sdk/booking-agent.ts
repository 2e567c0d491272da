/** Your AI SDK agent as it is, with its own tools: the twin answers them in tests. */
import { createOpenAI } from '@ai-sdk/openai'
import { stepCountIs, ToolLoopAgent, tool } from 'ai'
import { z } from 'zod'
import { twinnedAiSdkTools } from '../../../src/public/adapters/ai-sdk.ts'
import { bookingsApi } from './bookings-api.ts'

// A real provider when you record against one; else the scripted model in
// scripted-model.mjs, which the committed cassettes were recorded with.
const openai = createOpenAI({
  baseURL: process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4030/v1',
  apiKey: process.env.OPENAI_API_KEY ?? 'replayed-no-key',
})
const model = openai.chat(process.env.LLM_MODEL ?? 'scripted-model-1')

// The twin of your bookings API, by its file: the same tools, with state, answered in-process.
const bookingsTwin = new URL('./twins/bookings.twin.yaml', import.meta.url)

// In production your execute functions run; while a test runs, the twin answers instead.
const tools = twinnedAiSdkTools(bookingsTwin, {
  get_booking: tool({
    description: 'Read a booking, with what its cancellation refunds (refundable_on_cancel).',
    inputSchema: z.object({ booking_id: z.string() }),
    execute: bookingsApi.getBooking,
  }),
  cancel_booking: tool({
    description: "Cancel a booking and refund an amount to the guest's card. Irreversible.",
    inputSchema: z.object({
      booking_id: z.string(),
      refund_amount: z.number(),
      idempotency_key: z.string(),
    }),
    execute: bookingsApi.cancelBooking,
  }),
})

export function bookingAgent(instructions: string) {
  return new ToolLoopAgent({ model, instructions, tools, stopWhen: stepCountIs(5) })
}
