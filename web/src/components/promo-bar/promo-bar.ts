// Which promo bar a public page shows: the live bars (RLS gives anon only active bars inside
// their dates) read once with plain fetch, so the public chunk does not carry the Supabase
// client; a bar for the page's own site wins over a bar for every site.
import { restSelect } from '@/lib/sites/rest'

export interface LiveBar {
  id: number
  text: string
  link: string | null
  starts_at: string | null
  ends_at: string | null
  site: { slug: string } | null
}

const SITE_PATHS = [
  /^\/sites\/[^/]+\/([^/]+)/,
  /^\/landing\/(?:special\/)?([^/]+)/,
  /^\/prereg\/([^/]+)/,
  /^\/guided-tour\/([^/]+)/,
]

/** The site slug a public path is about ('/sites/bath/tuckers-meadow/setup' → 'tuckers-meadow'), else null. */
export function siteSlugFromPath(path: string): string | null {
  for (const re of SITE_PATHS) {
    const m = re.exec(path)
    if (m) return decodeURIComponent(m[1]!)
  }
  return null
}

const isLive = (b: LiveBar, now: number) =>
  (b.starts_at === null || Date.parse(b.starts_at) <= now) &&
  (b.ends_at === null || Date.parse(b.ends_at) > now)

/** The bar for this site, else the first bar for every site; bars past their dates never show. */
export function pickBar(
  bars: readonly LiveBar[],
  siteSlug: string | null,
  now = Date.now(),
): LiveBar | null {
  const live = bars.filter((b) => isLive(b, now))
  return (siteSlug ? live.find((b) => b.site?.slug === siteSlug) : undefined) ??
    live.find((b) => b.site === null) ?? null
}

let pending: Promise<LiveBar[]> | null = null
let loaded: LiveBar[] | null = null

/** The bars once read, else null: a layout mounted again (the route table arriving after first
 *  paint remounts it) shows the bar at once instead of shifting the page a second time. */
export const loadedLiveBars = (): LiveBar[] | null => loaded

/** The live bars, read once per page load; a failed read shows no bar (and is tried again next time). */
export function loadLiveBars(): Promise<LiveBar[]> {
  pending ??= restSelect<LiveBar>(
    'promo_bars',
    'select=id,text,link,starts_at,ends_at,site:global_sites(slug)&order=sort_order.asc,id.desc',
  )
    .then((bars) => (loaded = bars))
    .catch(() => {
      pending = null
      return []
    })
  return pending
}

/** For tests: forget the bars read so far. */
export const resetLiveBars = () => {
  pending = null
  loaded = null
}
