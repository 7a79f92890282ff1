// /admin/locations: every stored site with its status and waiting-list length; search,
// filter by status, page through, add and edit.
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary } from '@/components/styles'
import { useSites } from '../api/get-sites'
import { SITE_STATUSES, type Site } from '../api/site-schema'
import { muted, noWrap } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'

export const PAGE_SIZE = 20

export function filterSites(sites: Site[], search: string, status: string): Site[] {
  const q = search.trim().toLowerCase()
  return sites.filter(
    (s) =>
      (status === '' || (s.status ?? 'upcoming') === status) &&
      (q === '' || [s.location, s.city, s.slug, s.key ?? ''].some((f) => f.toLowerCase().includes(q))),
  )
}

export function AdminLocationsRoute() {
  const sites = useSites()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(0)
  usePageMeta('Locations')
  useEffect(() => setPage(0), [search, status])
  const filtered = useMemo(() => filterSites(sites.data ?? [], search, status), [sites.data, search, status])
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE))
  const shown = filtered.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)

  return (
    <>
      <PageHeader title='Locations'>
        <Link href={`~${adminPaths.adminLocationsAdd.getHref()}`} className={buttonPrimary}>
          Add a site
        </Link>
      </PageHeader>
      <div className={toolbar} role='search'>
        <Field label='Search sites'>
          <input
            type='search'
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder='Name, city, slug or key'
          />
        </Field>
        <Field label='Status'>
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value=''>Any status</option>
            {SITE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {sites.isPending && <Status>Loading sites…</Status>}
      {sites.isError && <ErrorNotice title='The sites could not be loaded' message={sites.error.message} />}
      <DataTable
        rows={sites.data && shown}
        head={['Site', 'City', 'Status', { label: 'Plots', num: true }, { label: 'Waiting', num: true }, 'Actions']}
        caption={
          <>
            {filtered.length} {filtered.length === 1 ? 'site' : 'sites'}
          </>
        }
        empty={sites.data?.length === 0 ? 'No sites yet. Add the first one.' : 'No site matches this search.'}
        pager={{ page, pages, onPage: setPage }}
      >
        {(s) => (
          <tr key={s.id}>
            <td>
              <strong>{s.location}</strong>
              <br />
              <span className={muted}>{s.slug}</span>
            </td>
            <td>{s.city}</td>
            <td>{s.archived_at ? 'archived' : (s.status ?? 'upcoming')}</td>
            <td className='num'>{s.allotments ?? '—'}</td>
            <td className='num'>{s.waiting_list_count ?? '—'}</td>
            <td className={noWrap}>
              <Link
                href={`~${adminPaths.adminLocationsEdit.getHref({ id: String(s.id) })}`}
                aria-label={`Edit ${s.location}`}
              >
                Edit
              </Link>
              {' · '}
              <Link
                href={`~${adminPaths.adminSitePlots.getHref({ siteId: String(s.id) })}`}
                aria-label={`Plots at ${s.location}`}
              >
                Plots
              </Link>
              {' · '}
              <a
                href={paths.site.getHref({ cityslug: s.city_slug, slug: s.slug })}
                target='_blank'
                rel='noreferrer'
                aria-label={`View ${s.location} site page (opens in a new tab)`}
              >
                View
              </a>
            </td>
          </tr>
        )}
      </DataTable>
    </>
  )
}
