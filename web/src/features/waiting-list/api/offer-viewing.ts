// A viewing booked from the offer page before answering (waiting-list-process, actions
// book_viewing and cancel_viewing): the offer's token is the key. Booking e-mails a confirmation;
// a viewing close to the deadline moves it (the answer says so). Both refresh the offer.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'
import { plotOfferQueryKey } from './get-plot-offer'

export interface ViewingBooked {
  booking_id: number
  starts_at: string
  respond_by: string
  extended: boolean
  notified: number
}

export function bookOfferViewing(token: string, slotId: number): Promise<ViewingBooked> {
  return callFunction<ViewingBooked>('waiting-list-process', {
    body: { action: 'book_viewing', token, slot_id: slotId },
  })
}

export function cancelOfferViewing(token: string): Promise<{ cancelled: boolean }> {
  return callFunction<{ cancelled: boolean }>('waiting-list-process', {
    body: { action: 'cancel_viewing', token },
  })
}

export function useBookOfferViewing(token: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (slotId: number) => bookOfferViewing(token, slotId),
    onSettled: () => qc.invalidateQueries({ queryKey: plotOfferQueryKey(token) }),
  })
}

export function useCancelOfferViewing(token: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => cancelOfferViewing(token),
    onSettled: () => qc.invalidateQueries({ queryKey: plotOfferQueryKey(token) }),
  })
}
