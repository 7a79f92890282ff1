// The home page: what Roots is (your own plot, everything supplied), every site grouped by city
// with its status, live waiting-list count and call to action, and how joining works.
import { css } from 'goober'
import { memo, useDeferredValue, useMemo } from 'react'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { plural, StatusBadge } from '@/components/sites/SiteCard'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { siteCta, siteHref } from '@/lib/sites/rules'
import type { CtaSetting, Site } from '@/lib/sites/types'
import { compareText } from '@/lib/intl'

const hero = css`
  padding: clamp(1.5rem, 5vw, 3.5rem) 0 1.5rem;
  h1 {
    font-size: clamp(2rem, 6vw, 3.25rem);
    margin: 0 0 1rem;
    color: var(--roots-primary);
  }
  p {
    font-size: 1.15rem;
    max-width: 42rem;
    margin: 0 0 1.5rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
`
const supplied = css`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr));
  list-style: none;
  padding: 0;
  margin: 0 0 2.5rem;
  li {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 0.9rem 1rem;
    border-left: 4px solid var(--roots-primary);
  }
  strong {
    display: block;
  }
`
const cities = css`
  h2 {
    margin: 2rem 0 0.25rem;
  }
  .grid {
    display: grid;
    gap: 1rem;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 21rem), 1fr));
    align-items: start;
    margin-bottom: 2rem;
  }
  /* Cities below the fold are laid out only when scrolled near (a phone lays out one screen). */
  .city {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 0.9rem 1rem;
    border: 1px solid #d6dbd6;
    content-visibility: auto;
    contain-intrinsic-size: auto 16rem;
  }
  .city h3 {
    margin: 0 0 0.5rem;
    font-size: 1.15rem;
  }
  .city ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.75rem;
  }
  .city li {
    display: grid;
    gap: 0.3rem;
    padding-top: 0.6rem;
    border-top: 1px solid #e3e7e3;
  }
  .name {
    font-weight: 700;
    font-size: 1.05rem;
  }
  .meta {
    margin: 0;
    color: var(--roots-muted);
    font-size: 0.92rem;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
    align-items: center;
  }
  .promo {
    margin: 0;
    font-size: 0.88rem;
    font-weight: 600;
    color: #5c3b00;
    background: #fff3d6;
    border-radius: 0.35rem;
    padding: 0.2rem 0.5rem;
    justify-self: start;
  }
  .cta {
    justify-self: start;
    min-height: 2.5rem;
    padding: 0.35rem 0.9rem;
  }
`
const steps = css`
  counter-reset: step;
  list-style: none;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
  li {
    counter-increment: step;
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1rem;
  }
  li::before {
    content: counter(step);
    display: inline-grid;
    place-items: center;
    width: 2rem;
    height: 2rem;
    border-radius: 50%;
    background: var(--roots-primary);
    color: #fff;
    font-weight: 700;
    margin-bottom: 0.5rem;
  }
`

export function groupByCity(sites: readonly Site[]): [string, Site[]][] {
  const groups = new Map<string, Site[]>()
  for (const s of sites) groups.set(s.city, [...(groups.get(s.city) ?? []), s])
  return [...groups.entries()].sort(([a], [b]) => compareText(a, b))
}

/**
 * Every site by city. Live rows replace the catalogue after the first paint; the page hands them
 * over as a deferred value, so the list re-renders as an interruptible update, in slices between
 * which the browser stays responsive (and aria-busy clears in the same commit as the counts).
 */
const SiteGroups = memo(function SiteGroups({
  sites,
  ctaSettings,
  loaded,
}: {
  sites: readonly Site[]
  ctaSettings: readonly CtaSetting[]
  loaded: boolean
}) {
  return (
    <section className={cities} aria-labelledby='sites-title' aria-busy={!loaded}>
      <h2 id='sites-title'>Our sites</h2>
      <p>Waiting-list numbers are live. A site that is coming soon takes pre-registrations.</p>
      <div className='grid'>
        {groupByCity(sites).map(([city, list]) => (
          <section key={city} className='city' aria-labelledby={`city-${list[0].city_slug}`}>
            <h3 id={`city-${list[0].city_slug}`}>{city}</h3>
            <ul>
              {list.map((s) => {
                const cta = siteCta(s, ctaSettings)
                return (
                  <li key={s.slug} data-testid='site-card' data-slug={s.slug}>
                    <Link href={siteHref(s)} className='name'>
                      {s.location}
                    </Link>
                    <p className='meta'>
                      <StatusBadge site={s} />
                      {s.allotments !== null && <span>{s.allotments} plots</span>}
                      <span data-testid='waiting-count'>
                        {plural(s.waiting_list_count, 'person', 'people')} waiting
                      </span>
                    </p>
                    {cta.promo && <p className='promo'>{cta.promo}</p>}
                    <Link href={cta.href} className={`${buttonPrimary} cta`} aria-label={`${cta.label}: ${s.location}`}>
                      {cta.label}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </section>
        ))}
      </div>
    </section>
  )
})

export function HomeRoute() {
  usePageMeta('Home')
  const { sites, ctaSettings, loaded } = useLocations('afterPaint')
  const list = useDeferredValue(useMemo(() => ({ sites, ctaSettings, loaded }), [sites, ctaSettings, loaded]))
  return (
    <>
      <section className={hero} aria-labelledby='home-title'>
        <h1 id='home-title'>Grow your own at a Roots allotment</h1>
        <p>
          Rent your own plot at a community allotment near you and start growing straight away: tools, water, seeds and
          friendly help are all supplied on site.
        </p>
        <div className='actions'>
          <Link href={`${paths.sites.getHref()}#near-me`} className={buttonPrimary}>
            Find a site near you
          </Link>
          <Link href={paths.preRegister.getHref()} className={buttonSecondary}>
            Pre-register for a new site
          </Link>
        </div>
      </section>

      <h2>Everything supplied</h2>
      <ul className={supplied}>
        <li>
          <strong>Your own plot</strong>Half or full plots, ready to dig.
        </li>
        <li>
          <strong>Tools and water</strong>Shared tool store and taps on every site.
        </li>
        <li>
          <strong>Seeds and advice</strong>Seasonal seeds and a patch manager on hand.
        </li>
        <li>
          <strong>A community</strong>Swap days, workshops and neighbours who grow.
        </li>
      </ul>

      <SiteGroups {...list} />

      <section aria-labelledby='how-title'>
        <h2 id='how-title'>How joining works</h2>
        <ol className={steps}>
          <li>Pick a site near you, or join the waiting list for a place we are opening.</li>
          <li>Join its waiting list and keep your private reference.</li>
          <li>See your place in the queue, the list length and your estimated wait at any time.</li>
          <li>When a plot is yours, we send you an offer to accept.</li>
        </ol>
        <p>
          <Link href={paths.queueReady.getHref()}>Check your place in a queue</Link>
        </p>
      </section>
    </>
  )
}
