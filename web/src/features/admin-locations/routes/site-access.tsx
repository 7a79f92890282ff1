// /admin/site-access: how to get into each site a member of staff works (admins: every site;
// patch managers: theirs, as the database decides), each with its gate code and key arrangements
// to edit. Built for a phone: one column, a panel per site.
import { css } from 'goober'
import { EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { usePageMeta } from '@/lib/page-meta'
import { useStaffSiteAccess } from '../api/site-access'
import { SiteAccessPanel } from '../components/SiteAccessPanel'

const list = css`
  display: grid;
  gap: 1.5rem;
  max-width: 48rem;
  & > li {
    list-style: none;
    border-bottom: 1px solid #c9cfcb;
    padding-bottom: 1.5rem;
  }
  padding: 0;
  margin: 0;
`

export function AdminSiteAccessRoute() {
  usePageMeta('Gate codes')
  const sites = useStaffSiteAccess()
  return (
    <>
      <PageHeader title='Gate codes and keys' />
      {sites.isPending && <Status>Loading your sites…</Status>}
      {sites.isError && <ErrorNotice title='Your sites could not be loaded' message={sites.error.message} />}
      {sites.data && sites.data.length === 0 && <EmptyState>You look after no site yet.</EmptyState>}
      {sites.data && sites.data.length > 0 && (
        <ul className={list} aria-label='Your sites'>
          {sites.data.map((s) => (
            <li key={s.site_id}>
              <SiteAccessPanel
                siteId={s.site_id}
                location={`${s.location}, ${s.city}`}
                gateCode={s.gate_code}
                keyArrangements={s.key_arrangements}
                updatedAt={s.updated_at}
                updatedBy={s.updated_by_name}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
