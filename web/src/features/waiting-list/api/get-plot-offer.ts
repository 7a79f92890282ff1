// A plot offer as its e-mailed link shows it (waiting-list-process, action view): the token alone
// is enough, on any device. null when no offer has that token.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction, FunctionError } from '@/lib/call-function'

export interface PlotOffer {
  status: 'offered' | 'accepted' | 'declined' | 'expired' | 'withdrawn'
  respond_by: string
  responded_at: string | null
  first_name: string
  location: string
  city: string | null
  site: { slug: string; city_slug: string } | null
  /** The membership set up with this offer, if any (pending while its payment is open). */
  membership_status: string | null
  /** The plot offered, at a site with a plot register ("Plot 7, a full plot of 250 m²"). */
  plot?: {
    number: string
    size: 'half' | 'full' | null
    size_m2: number | null
    features: string[]
    words: string
  } | null
  /** Where an accepted offer leads: the membership set-up for its site, opened by the token. */
  setup_path: string | null
  /** Whether declining now keeps the applicant's place (the site's rule, first decline only). */
  decline_keeps_place?: boolean
  /** The site's rule: a first decline keeps the place. */
  site_keeps_place?: boolean
  /** A declined offer: whether that decline kept the applicant's place. */
  kept_place?: boolean
  /** The viewing booked from this offer, if any. */
  viewing?: { booking_id: number; starts_at: string; duration_minutes: number } | null
  /** The site's welcome slots that can be booked as a viewing before the deadline. */
  slots?: ViewingSlot[]
  /** Every change of the deadline: by staff, or by a viewing booked close to it. */
  extensions?: {
    cause: 'staff' | 'viewing'
    old_respond_by: string
    new_respond_by: string
    extended_at: string
  }[]
}

export interface ViewingSlot {
  id: number
  starts_at: string
  duration_minutes: number
  places_left: number
}

export const OFFER_TOKEN_PATTERN = /^[0-9a-f]{32}$/

export const plotOfferQueryKey = (token: string) => ['plot-offer', token] as const

export async function getPlotOffer(token: string): Promise<PlotOffer | null> {
  try {
    return await callFunction<PlotOffer>('waiting-list-process', {
      body: { action: 'view', token },
    })
  } catch (e) {
    if (e instanceof FunctionError && (e.status === 404 || e.status === 400)) return null
    throw e
  }
}

export const plotOfferQueryOptions = (token: string) =>
  queryOptions({
    queryKey: plotOfferQueryKey(token),
    queryFn: () => getPlotOffer(token),
    enabled: OFFER_TOKEN_PATTERN.test(token),
  })

export function usePlotOffer(token: string) {
  return useQuery(plotOfferQueryOptions(token))
}
