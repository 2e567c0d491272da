/**
 * Your own client for your bookings API: what the agent's tools call in
 * production. A test never reaches it: while a case runs, the twin in
 * twins/bookings.twin.yaml answers the same tools instead.
 */
const API = process.env.BOOKINGS_API_URL ?? 'https://bookings.example.com'

async function call(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`${API}${path}`, init)
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

export const bookingsApi = {
  getBooking: ({ booking_id }: { booking_id: string }) =>
    call(`/bookings/${encodeURIComponent(booking_id)}`),
  cancelBooking: ({
    booking_id,
    ...body
  }: {
    booking_id: string
    refund_amount: number
    idempotency_key: string
  }) =>
    call(`/bookings/${encodeURIComponent(booking_id)}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
}
