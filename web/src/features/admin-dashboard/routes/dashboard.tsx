// /admin: what needs attention today.
import { css } from 'goober'
import { EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { type Dashboard, useDashboard } from '../api/get-dashboard'
import { usePageMeta } from '@/lib/page-meta'
import { numericDateTime } from '@/lib/dates'

const cards = css`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  margin-bottom: 1.5rem;
  div {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 1rem;
  }
  dt {
    color: var(--roots-muted);
    font-weight: 600;
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.75rem;
    font-weight: 800;
    color: var(--roots-primary);
  }
`
const grid = css`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  h2 {
    font-size: 1.15rem;
  }
`

const DONE: Record<string, string> = { insert: 'added', update: 'changed', delete: 'removed' }

/** The person by name or e-mail (as the entry recorded them), else the role or system that acted. */
const actorLabel = (a: Dashboard['audit'][number]) =>
  a.actorName ??
  a.actorEmail ??
  (a.actorRole === 'scheduler'
    ? 'a scheduled job'
    : a.actorRole === 'service_role'
      ? 'the system'
      : (a.actorRole ?? 'someone').replace(/_/g, ' '))

export function AdminDashboardRoute() {
  const d = useDashboard()
  usePageMeta('Dashboard')
  return (
    <>
      <PageHeader title='Dashboard' />
      {d.isPending && <Status>Loading the figures…</Status>}
      {d.isError && <ErrorNotice title='The dashboard could not be loaded' message={d.error.message} />}
      {d.data && (
        <>
          <dl className={cards}>
            <div>
              <dt>Active sites</dt>
              <dd>{d.data.sitesByStatus.active ?? 0}</dd>
            </div>
            <div>
              <dt>Open sites</dt>
              <dd>{d.data.sitesByStatus.open ?? 0}</dd>
            </div>
            <div>
              <dt>Upcoming sites</dt>
              <dd>{d.data.sitesByStatus.upcoming ?? 0}</dd>
            </div>
            <div>
              <dt>Offers awaiting a reply</dt>
              <dd>{d.data.offersPending}</dd>
            </div>
            <div>
              <dt>Offers expiring within 2 days</dt>
              <dd>{d.data.offersExpiringSoon}</dd>
            </div>
          </dl>
          <div className={grid}>
            <section aria-labelledby='dash-waiting'>
              <h2 id='dash-waiting'>Waiting lists</h2>
              <DataTable
                rows={d.data.waiting.slice(0, 12)}
                head={[
                  'Site',
                  { label: 'Waiting', num: true },
                  { label: 'Joined', num: true },
                  { label: 'Offered', num: true },
                  'Trend',
                ]}
                caption='Trend over the last 30 days'
                label='Waiting lists'
              >
                {(w) => (
                  <tr key={w.siteId}>
                    <td>{w.location}</td>
                    <td className='num'>{w.count}</td>
                    <td className='num'>{w.joined30}</td>
                    <td className='num'>{w.offered30}</td>
                    <td>
                      {w.joined30 > w.offered30 ? '↑ growing' : w.joined30 < w.offered30 ? '↓ shrinking' : '→ steady'}
                    </td>
                  </tr>
                )}
              </DataTable>
            </section>
            <section aria-labelledby='dash-slots'>
              <h2 id='dash-slots'>Today’s welcome slots</h2>
              {d.data.slotsToday.length === 0 ? (
                <EmptyState>No welcome slots today.</EmptyState>
              ) : (
                <ul>
                  {d.data.slotsToday.map((s) => (
                    <li key={s.id}>
                      {numericDateTime(s.startsAt)} at {s.location}: {s.booked} of {s.capacity} booked
                    </li>
                  ))}
                </ul>
              )}
              <h2 id='dash-audit'>Recent changes</h2>
              {d.data.audit.length === 0 ? (
                <EmptyState>No changes recorded yet.</EmptyState>
              ) : (
                <ul aria-labelledby='dash-audit'>
                  {d.data.audit.map((a) => (
                    <li key={a.id}>
                      {numericDateTime(a.createdAt)}: {actorLabel(a)}
                      {a.via ? ` via ${a.via}` : ''} {DONE[a.action] ?? a.action}{' '}
                      {a.bulkRows
                        ? `${a.bulkRows.toLocaleString('en-GB')} ${a.table.replace(/_/g, ' ')} at once`
                        : `${a.table.replace(/_/g, ' ')} ${a.rowId ? `#${a.rowId.slice(0, 12)}` : ''}`}
                    </li>
                  ))}
                </ul>
              )}
              <p>
                <Link href={`~${adminPaths.adminAudit.getHref()}`}>The full audit log, with each change</Link>
              </p>
            </section>
          </div>
        </>
      )}
    </>
  )
}
