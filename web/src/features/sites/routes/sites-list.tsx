// /sites and /locations: every site, filterable by city and status, each with its map link;
// /locations adds the places that have a waiting list but no site yet.
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { visuallyHidden } from '@/components/styles'
import { plural, SiteCard, siteGrid } from '@/components/sites/SiteCard'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { resolveCta } from '@/lib/sites/rules'
import { applyFilter, SiteFilters, useSiteFilter } from '../components/SiteFilters'

const page = css`
  h1 { margin: 0 0 0.5rem; color: var(--roots-primary); }
  .summary { margin: 0.5rem 0 1rem; font-weight: 600; }
  .map { font-size: 0.95rem; margin: 0.35rem 0 0; }
`
const places = css`
  list-style: none; padding: 0; display: grid; gap: 0.5rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr));
  li { background: var(--roots-surface); border-radius: 0.6rem; padding: 0.75rem 1rem; display: flex; justify-content: space-between; gap: 0.5rem; flex-wrap: wrap; }
`

function SitesList({ withPlaces }: { withPlaces: boolean }) {
  const { sites, places: placeList, ctaSettings, loaded } = useLocations('afterPaint')
  const [filter, setFilter] = useSiteFilter()
  const shown = applyFilter(sites, filter)
  return (
    <div className={page}>
      <h1>{withPlaces ? 'All locations' : 'Our sites'}</h1>
      <p>Every Roots site, with its status and how many people are waiting. Filter by city or status.</p>
      <SiteFilters sites={sites} filter={filter} onChange={setFilter} />
      <p className='summary' role='status' aria-live='polite' aria-busy={!loaded}>
        {plural(shown.length, 'site')} shown
      </p>
      <ul className={siteGrid}>
        {shown.map((s) => (
          <li key={s.slug}>
            <SiteCard site={s} cta={resolveCta(s, ctaSettings)} headingLevel={2}>
              {s.gmap_link && (
                <p className='map'>
                  <a href={s.gmap_link} target='_blank' rel='noopener noreferrer'>Map of {s.location}<span aria-hidden='true'> ↗</span><span className={visuallyHidden}> (opens in a new tab)</span></a>
                </p>
              )}
            </SiteCard>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p>No site matches these filters.</p>}
      {withPlaces && (
        <section aria-labelledby='places-title'>
          <h2 id='places-title'>Places we are looking at</h2>
          <p>No site here yet: join the waiting list and you will be first to hear when one opens.</p>
          <ul className={places}>
            {placeList.map((p) => (
              <li key={p.slug}>
                <Link href={paths.landingSiteJoin.getHref({ site: p.slug })} aria-label={`Join the waiting list for ${p.location}`}>{p.location}</Link>
                <span>{plural(p.waiting_list_count, 'person', 'people')} waiting</span>
              </li>
            ))}
          </ul>
        </section>
      )}
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
