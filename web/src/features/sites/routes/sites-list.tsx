// /sites and /locations: every site, filterable by city and status, each with its map link, and
// sorted by distance from a postcode or the visitor's location when they ask (the near-me panel;
// the origin is in the URL); /locations adds the places that have a waiting list but no site yet.
import { css } from 'goober'
import { memo, useDeferredValue, useMemo } from 'react'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { visuallyHidden } from '@/components/styles'
import { plural, SiteCard, siteGrid } from '@/components/sites/SiteCard'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { siteCta } from '@/lib/sites/rules'
import type { CtaSetting, WaitingListPlace } from '@/lib/sites/types'
import { milesAway } from '@common/geo'
import { applyFilter, SiteFilters, useSiteFilter } from '../components/SiteFilters'
import { NearMe } from '../components/NearMe'
import { sortByDistance, type SiteDistance, useNearOrigin } from '../components/near-me'

const page = css`
  h1 {
    margin: 0 0 0.5rem;
    color: var(--roots-primary);
  }
  .summary {
    margin: 0.5rem 0 1rem;
    font-weight: 600;
  }
  .map {
    font-size: 0.95rem;
    margin: 0.35rem 0 0;
  }
  .distance {
    margin: 0;
    font-weight: 700;
    color: var(--roots-primary);
  }
`
const places = css`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr));
  li {
    background: var(--roots-surface);
    border-radius: 0.6rem;
    padding: 0.75rem 1rem;
    display: flex;
    justify-content: space-between;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
`

/** The site cards: re-rendered only when the shown sites or the CTA settings change. */
const SiteCards = memo(function SiteCards({
  shown,
  ctaSettings,
}: {
  shown: readonly SiteDistance[]
  ctaSettings: readonly CtaSetting[]
}) {
  return (
    <ul className={siteGrid}>
      {shown.map(({ site: s, miles }) => (
        <li key={s.slug}>
          <SiteCard site={s} cta={siteCta(s, ctaSettings)} headingLevel={2}>
            {miles !== null && (
              <p className='distance' data-testid='site-distance'>
                {milesAway(miles)}
              </p>
            )}
            {s.gmap_link && (
              <p className='map'>
                <a href={s.gmap_link} target='_blank' rel='noopener noreferrer'>
                  Map of {s.location}
                  <span aria-hidden='true'> ↗</span>
                  <span className={visuallyHidden}> (opens in a new tab)</span>
                </a>
              </p>
            )}
          </SiteCard>
        </li>
      ))}
    </ul>
  )
})

const Places = memo(function Places({ list }: { list: readonly WaitingListPlace[] }) {
  return (
    <section aria-labelledby='places-title'>
      <h2 id='places-title'>Places we are looking at</h2>
      <p>No site here yet: join the waiting list and you will be first to hear when one opens.</p>
      <ul className={places}>
        {list.map((p) => (
          <li key={p.slug}>
            <Link
              href={paths.landingSiteJoin.getHref({ site: p.slug })}
              aria-label={`Join the waiting list for ${p.location}`}
            >
              {p.location}
            </Link>
            <span>{plural(p.waiting_list_count, 'person', 'people')} waiting</span>
          </li>
        ))}
      </ul>
    </section>
  )
})

function SitesList({ withPlaces }: { withPlaces: boolean }) {
  const live = useLocations('afterPaint')
  // Live rows replace the catalogue after the first paint as a deferred value: the cards
  // re-render as an interruptible update, in slices, while a filter change stays immediate.
  const {
    sites,
    places: placeList,
    ctaSettings,
    loaded,
  } = useDeferredValue(
    useMemo(
      () => ({ sites: live.sites, places: live.places, ctaSettings: live.ctaSettings, loaded: live.loaded }),
      [live.sites, live.places, live.ctaSettings, live.loaded],
    ),
  )
  const [filter, setFilter] = useSiteFilter()
  const near = useNearOrigin()
  const shown = useMemo(() => {
    const list = applyFilter(sites, filter)
    return near.point ? sortByDistance(list, near.point) : list.map((site) => ({ site, miles: null }))
  }, [sites, filter, near.point])
  return (
    <div className={page}>
      <h1>{withPlaces ? 'All locations' : 'Our sites'}</h1>
      <p>Every Roots site, with its status and how many people are waiting. Filter by city or status.</p>
      <NearMe near={near} />
      <SiteFilters sites={sites} filter={filter} onChange={setFilter} />
      <p className='summary' role='status' aria-live='polite' aria-busy={!loaded}>
        {plural(shown.length, 'site')} shown{near.point ? ', nearest first' : ''}
      </p>
      <SiteCards shown={shown} ctaSettings={ctaSettings} />
      {shown.length === 0 && <p>No site matches these filters.</p>}
      {withPlaces && <Places list={placeList} />}
    </div>
  )
}

export default function SitesRoute() {
  usePageMeta('Sites')
  return <SitesList withPlaces={false} />
}

export function LocationsRoute() {
  usePageMeta('Locations')
  return <SitesList withPlaces />
}
