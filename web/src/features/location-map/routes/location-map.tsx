// /maps/test and /business-insights/location-map: every site and waiting-list place on a map,
// markers sized by the number of people waiting, with the same figures as a table.
import { css } from 'goober'
import { useMemo } from 'react'
import { SiteMap } from '@/components/site-map/SiteMap'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { mapPoints } from '../api/map-points'

const page = css`
  max-width: 52rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .lead {
    margin: 0 0 1rem;
  }
  .summary {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.5rem;
    margin: 0 0 1rem;
    padding: 0;
    list-style: none;
  }
  .summary strong {
    font-size: 1.3rem;
    display: block;
  }
`

export default function LocationMapRoute() {
  usePageMeta('Location map', 'Every Roots allotment site and the places people are waiting for one, on a map.')
  const { sites, places, loaded, settled } = useLocations()
  const points = useMemo(() => mapPoints(sites, places), [sites, places])
  const waiting = points.reduce((n, p) => n + p.demand, 0)
  return (
    <div className={page}>
      <h1>Where people are waiting</h1>
      <p className='lead'>
        Our sites and the places people want one, sized by how many people are on the waiting list.
      </p>
      {!settled && <p role='status'>Loading the sites…</p>}
      {settled && !loaded && <p role='status'>Loading waiting-list numbers…</p>}
      <ul className='summary' aria-label='Totals'>
        <li>
          <strong>{sites.length}</strong> sites
        </li>
        <li>
          <strong>{places.length}</strong> waiting-list places
        </li>
        <li>
          <strong>{waiting}</strong> people waiting
        </li>
      </ul>
      <SiteMap
        points={points}
        label='Map of Roots sites and waiting-list demand'
        caption='People waiting by site and place'
      />
    </div>
  )
}
