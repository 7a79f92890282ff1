// The booking just made, for the success page (client state; gone on reload, by design: the
// e-mail has the details).
import { proxy } from 'valtio'

export const lastBooking = proxy<
  { value: { location: string; starts_at: string; reference: string } | null }
>({ value: null })

export function rememberBooking(b: { location: string; starts_at: string; reference: string }) {
  lastBooking.value = b
}
