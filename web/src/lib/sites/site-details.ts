// What a site's page shows beyond the catalogue row: its photo gallery, its list in
// public figures (get_site_list_stats), and the prices every membership pays (the active plans,
// the joining fee, the refundable deposit). Plain anon reads, so the page needs no query client;
// each part fails on its own and the page shows what it has.
import { useEffect, useState } from 'react'
import { callFunction } from '@/lib/call-function'
import { restRpc, restSelect } from '@/lib/sites/rest'
import { sameValue } from '@/lib/same-value'
import { prerenderedDetails } from '@/lib/sites/prerendered-details'

export interface SitePhoto {
  path: string
  /** The photo at most 800 px wide, for phones; null where none was made. */
  small_path: string | null
  /** The photo at most 264 px wide, for the gallery's thumbnails; null where none was made. */
  thumb_path: string | null
  alt: string
  sort_order: number
}

export interface ListStats {
  list_length: number
  waiting: number
  /** The joining date (no time) of the person at the top of the list. */
  top_joined_on: string | null
  offers_last_year: number
  window_months: number
  /** Months someone joining today can expect to wait; null without offers in the last year. */
  estimated_wait_months: number | null
}

/** An active membership plan, as the membership set-up reads it. */
export interface SitePlan {
  id: number
  name: string
  description: string | null
  plot_size: 'half' | 'full'
  price_pence: number
  billing_interval: 'month' | 'year'
}

export interface Prices {
  plans: SitePlan[]
  joiningFeePence: number | null
  depositPence: number | null
}

export interface SiteDetailsData {
  photos: SitePhoto[] | null
  stats: ListStats | null
  prices: Prices | null
}

const NOTHING: SiteDetailsData = { photos: null, stats: null, prices: null }

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export async function getSitePhotos(siteId: number): Promise<SitePhoto[]> {
  return await restSelect<SitePhoto>(
    'site_photos',
    `select=path,small_path,thumb_path,alt,sort_order&site_id=eq.${siteId}&order=sort_order.asc,id.asc`,
  )
}

export async function getListStats(slug: string): Promise<ListStats | null> {
  const rows = await restRpc<Record<string, unknown>[]>('get_site_list_stats', { p_slug: slug })
  const r = rows[0]
  if (!r) return null
  return {
    list_length: Number(r.list_length) || 0,
    waiting: Number(r.waiting) || 0,
    top_joined_on: typeof r.top_joined_on === 'string' ? r.top_joined_on : null,
    offers_last_year: Number(r.offers_last_year) || 0,
    window_months: Number(r.window_months) || 12,
    estimated_wait_months: num(r.estimated_wait_months),
  }
}

export async function getPrices(): Promise<Prices> {
  const [plans, fees, sites] = await Promise.all([
    restSelect<SitePlan>(
      'plans',
      'select=id,name,description,plot_size,price_pence,billing_interval&active=eq.true&order=sort_order.asc,id.asc',
    ),
    restSelect<{ amount_pence: number }>(
      'joining_fees',
      'select=amount_pence&active=eq.true&order=effective_from.desc&limit=1',
    ).catch(() => []),
    callFunction<{ deposit_pence: number; joining_fee_pence: number }>('payments/membership-sites')
      .catch(() => null),
  ])
  return {
    plans,
    joiningFeePence: fees[0]?.amount_pence ?? sites?.joining_fee_pence ?? null,
    depositPence: sites?.deposit_pence ?? null,
  }
}

// The prices are the same on every site page: read once per visit.
let pricesOnce: Promise<Prices> | null = null
export const resetPricesCache = () => {
  pricesOnce = null
}

/**
 * The gallery, the list's figures and the prices of a site (id and slug); a null slug reads nothing.
 * Each part shows as it answers. On a page rendered with the site's details (prerendered-details.ts) they
 * are on screen already: the live ones replace them in one render once all three have answered,
 * and not at all where they are the same, so a slow phone works out the page once, not three times.
 */
export function useSiteDetails(siteId: number | null, slug: string | null): SiteDetailsData {
  const [data, setData] = useState<SiteDetailsData>(NOTHING)
  useEffect(() => {
    let live = true
    setData(NOTHING)
    if (slug === null) return
    pricesOnce ??= getPrices().catch((e) => {
      pricesOnce = null
      throw e
    })
    const photos = siteId === null ? Promise.resolve([]) : getSitePhotos(siteId)
    const stats = getListStats(slug)
    const prices = pricesOnce
    const shown = prerenderedDetails(slug)
    if (shown) {
      void Promise.allSettled([photos, stats, prices]).then(([p, s, pr]) => {
        const value = <T>(r: PromiseSettledResult<T>) => r.status === 'fulfilled' ? r.value : null
        const next = { photos: value(p), stats: value(s), prices: value(pr) }
        const same = (Object.keys(next) as (keyof SiteDetailsData)[])
          .every((k) => next[k] === null || sameValue(next[k], shown[k]))
        if (live && !same) setData(next)
      })
    } else {
      void photos.then((photos) => live && setData((d) => ({ ...d, photos })), () => {})
      void stats.then((stats) => live && setData((d) => ({ ...d, stats })), () => {})
      void prices.then((prices) => live && setData((d) => ({ ...d, prices })), () => {})
    }
    return () => {
      live = false
    }
  }, [siteId, slug])
  return data
}
