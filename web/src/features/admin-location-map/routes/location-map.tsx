// /admin/location-map: every site on the map, sized by how many people wait for it, filtered by
// status and city; each marker and row opens the site's edit page. Sites without usable
// coordinates are listed so they can be fixed.
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { SiteMap } from '@/components/site-map/SiteMap'
import type { MapPoint } from '@/components/site-map/types'
import { EmptyState, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { usePageMeta } from '@/lib/page-meta'
import { type DemandSite, parseCoordinates, useDemand } from '../api/get-demand'

/** The site's edit page as a path from the site's root, as the map's links need (a new tab too). */
const editHref = (id: number) => adminPaths.adminLocationsEdit.getHref({ id: String(id) })

export function toPoints(sites: readonly DemandSite[]): { points: MapPoint[]; unplaced: DemandSite[] } {
  const points: MapPoint[] = []
  const unplaced: DemandSite[] = []
  for (const s of sites) {
    const at = parseCoordinates(s.coordinates)
    if (!at) unplaced.push(s)
    else points.push({ id: String(s.id), name: s.location, ...at, demand: s.waiting, href: editHref(s.id) })
  }
  return { points, unplaced }
}

export function AdminLocationMapRoute() {
  usePageMeta('Location map')
  const demand = useDemand()
  const [status, setStatus] = useState('')
  const [city, setCity] = useState('')
  const cities = useMemo(() => [...new Set((demand.data ?? []).map((s) => s.city))].sort(), [demand.data])
  const chosen = useMemo(
    () =>
      (demand.data ?? []).filter(
        (s) => (status === '' || (s.status ?? 'upcoming') === status) && (city === '' || s.city === city),
      ),
    [demand.data, status, city],
  )
  const { points, unplaced } = useMemo(() => toPoints(chosen), [chosen])
  const waiting = chosen.reduce((n, s) => n + s.waiting, 0)
  return (
    <>
      <PageHeader title='Location map' />
      <div className={toolbar}>
        <Field label='Status'>
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value=''>Any status</option>
            <option value='active'>active</option>
            <option value='open'>open</option>
            <option value='upcoming'>upcoming</option>
          </select>
        </Field>
        <Field label='City'>
          <select value={city} onChange={(e) => setCity(e.target.value)}>
            <option value=''>Every city</option>
            {cities.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {demand.isPending && <Status>Loading sites and waiting lists…</Status>}
      {demand.isError && <ErrorNotice title='The map could not be loaded' message={demand.error.message} />}
      {demand.data && chosen.length === 0 && <EmptyState>No site matches these filters.</EmptyState>}
      {chosen.length > 0 && (
        <>
          <p>
            {chosen.length} {chosen.length === 1 ? 'site' : 'sites'}, {waiting} {waiting === 1 ? 'person' : 'people'}{' '}
            waiting.
          </p>
          <SiteMap
            points={points}
            label='Map of Roots sites and waiting-list demand'
            caption='Sites and people waiting'
          />
          {unplaced.length > 0 && (
            <>
              <h2>Not on the map</h2>
              <p>These sites have no usable coordinates:</p>
              <ul>
                {unplaced.map((s) => (
                  <li key={s.id}>
                    <Link href={`~${editHref(s.id)}`}>{s.location}</Link> ({s.waiting} waiting)
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </>
  )
}
