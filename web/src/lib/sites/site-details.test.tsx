import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApi, json, stubRest } from '@/lib/content/test-utils'
import { setPrerenderedDetails } from './prerendered-details'
import { type ListStats, type Prices, resetPricesCache, type SitePhoto, useSiteDetails } from './site-details'

const photos: SitePhoto[] = [
  { path: 'sites/avon-views/a.jpg', small_path: null, thumb_path: null, alt: 'Raised beds', sort_order: 0 },
]
const stats: ListStats = {
  list_length: 17,
  waiting: 16,
  top_joined_on: '2024-05-02',
  offers_last_year: 8,
  window_months: 12,
  estimated_wait_months: 25.5,
}
const plan = {
  id: 1,
  name: 'Half plot monthly',
  description: null,
  plot_size: 'half' as const,
  price_pence: 1999,
  billing_interval: 'month' as const,
}
const prices: Prices = { plans: [plan], joiningFeePence: 2500, depositPence: 5000 }

/** The tables answering `waiting` people on the list; `plansFail` makes the prices fail. */
function tables(waiting = 16, plansFail = false) {
  return stubRest({
    site_photos: () => json(photos),
    'rpc/get_site_list_stats': () => json([{ ...stats, waiting }]),
    plans: () => (plansFail ? json({ message: 'down' }, 503) : json([plan])),
    joining_fees: () => json([{ amount_pence: 2500 }]),
    '/functions/v1/payments/membership-sites': () => json({ deposit_pence: 5000, joining_fee_pence: 2500, sites: [] }),
  })
}

/** The hook on Avon Views (id 2), counting its renders. */
function mount() {
  let renders = 0
  const useCounted = () => {
    renders++
    return useSiteDetails(2, 'avon-views')
  }
  const hook = renderHook(useCounted)
  return { hook, renders: () => renders }
}

/** Every read has answered and React has done what they set. */
async function allAnswered(fetchMock: ReturnType<typeof stubRest>) {
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5))
  await act(() =>
    Promise.all(fetchMock.mock.results.map((r) => r.value)).then(() => new Promise((r) => setTimeout(r, 0))),
  )
}

beforeAll(configureApi)
beforeEach(() => {
  resetPricesCache()
  setPrerenderedDetails(null)
})
afterEach(() => vi.unstubAllGlobals())

describe('useSiteDetails', () => {
  it('shows each part as it answers, and the others when one fails', async () => {
    const fetchMock = tables(16, true)
    const { hook } = mount()
    await allAnswered(fetchMock)
    expect(hook.result.current).toEqual({ photos, stats, prices: null })
  })

  it('on a page rendered with the same details, does not render again when the reads answer', async () => {
    setPrerenderedDetails({ slug: 'avon-views', photos, stats, prices })
    const fetchMock = tables()
    const { hook, renders } = mount()
    await allAnswered(fetchMock)
    expect(renders()).toBe(1)
    // The page goes on showing what it was rendered with (SiteProfile falls back to it).
    expect(hook.result.current).toEqual({ photos: null, stats: null, prices: null })
  })

  it('on a page rendered with older figures, replaces them in one render once all have answered', async () => {
    setPrerenderedDetails({ slug: 'avon-views', photos, stats, prices })
    const fetchMock = tables(15)
    const { hook, renders } = mount()
    await allAnswered(fetchMock)
    expect(hook.result.current).toEqual({ photos, stats: { ...stats, waiting: 15 }, prices })
    expect(renders()).toBe(2)
  })
})
