// The promo bar at the top of public pages: the live bar for the page's site, else for every
// site. Tiny on purpose (it sits in the first load): plain fetch, no admin code.
import { useEffect, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation } from 'wouter'
import { afterNextPaint } from '@/lib/after-first-paint'
import { type LiveBar, loadedLiveBars, loadLiveBars, pickBar, siteSlugFromPath } from './promo-bar'

const bar = css`
  background: #fff3d6; color: #3d2800; text-align: center; font-weight: 700; padding: 0.55rem 1rem; font-size: 0.98rem;
  p { margin: 0; }
  a { color: #3d2800; }
`

export function PromoBar() {
  const [path] = useLocation()
  const [bars, setBars] = useState<LiveBar[]>(() => loadedLiveBars() ?? [])
  useEffect(() => {
    let live = true
    // After the first paint: the page never waits for its offer.
    void afterNextPaint().then(loadLiveBars).then((b) => { if (live) setBars(b) })
    return () => { live = false }
  }, [])
  const shown = pickBar(bars, siteSlugFromPath(path))
  if (!shown) return null
  const text = shown.link === null ? shown.text
    : shown.link.startsWith('/') ? <Link href={shown.link}>{shown.text}</Link>
    : <a href={shown.link}>{shown.text}</a>
  return <aside className={bar} aria-label='Offer' data-testid='promo-bar'><p>{text}</p></aside>
}
