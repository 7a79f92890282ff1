// /admin/career-applications: applications for the open roles, newest first, by role and status;
// each row opens to the whole application (CV link, message) and its status; the list as CSV.
import { css } from 'goober'
import { Fragment, useState } from 'react'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { usePaged } from '@/components/admin/list-screen'
import { buttonLink, buttonSecondary } from '@/components/styles'
import { downloadText } from '@/lib/admin/csv'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { applicationsCsv } from '../api/applications-csv'
import {
  APPLICATION_STATUSES,
  type ApplicationFilters,
  STATUS_LABEL,
  useApplicationCareers,
  useApplications,
} from '../api/get-applications'
import { ApplicationDetails } from '../components/ApplicationDetails'
import { noWrap } from '@/components/admin/styles'
import { dateTime } from '@/lib/dates'

const plain = css`
  font-weight: 400;
`

export const PAGE_SIZE = 25

const plural = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`

export function AdminCareerApplicationsRoute() {
  usePageMeta('Career applications')
  const careers = useApplicationCareers()
  const [filters, setFilters] = useState<ApplicationFilters>({ careerId: '', status: '' })
  const [open, setOpen] = useState<number | null>(null)
  const applications = useApplications(filters)
  const rows = applications.data?.rows ?? []
  const total = applications.data?.total ?? 0
  const { page, setPage, pages, shown } = usePaged(rows, PAGE_SIZE, [filters])
  const exportCsv = () => {
    downloadText(applicationsCsv(rows), `career-applications-${new Date().toISOString().slice(0, 10)}.csv`)
    toast.success(`Exported ${plural(rows.length)}`)
  }
  return (
    <>
      <PageHeader title='Career applications'>
        <button type='button' className={buttonSecondary} onClick={exportCsv} disabled={rows.length === 0}>
          Export CSV
        </button>
      </PageHeader>
      <div className={toolbar} role='search' aria-label='Filter applications'>
        <Field label='Role'>
          <select value={filters.careerId} onChange={(e) => setFilters((f) => ({ ...f, careerId: e.target.value }))}>
            <option value=''>Every role</option>
            {careers.data?.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.location ? `${c.title} (${c.location})` : c.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Status'>
          <select
            value={filters.status}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as ApplicationFilters['status'] }))}
          >
            <option value=''>Any status</option>
            {APPLICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {applications.isPending && <Status>Loading applications…</Status>}
      {applications.isError && (
        <ErrorNotice title='The applications could not be loaded' message={applications.error.message} />
      )}
      <DataTable
        rows={applications.data && shown}
        head={['Applied', 'Applicant', 'Role', 'Status', 'Application']}
        caption={total > rows.length ? `The newest ${rows.length} of ${plural(total)}` : plural(total)}
        label='Applications'
        empty='No applications for these filters.'
        pager={{ page, pages, onPage: setPage }}
      >
        {(a) => {
          const expanded = open === a.id
          const detailsId = `application-${a.id}`
          return (
            <Fragment key={a.id}>
              <tr>
                <td className={noWrap}>{dateTime(a.created_at)}</td>
                <th scope='row'>
                  {a.name}
                  <br />
                  <a href={`mailto:${a.email}`} className={plain}>
                    {a.email}
                  </a>
                </th>
                <td>{a.career?.title ?? '—'}</td>
                <td>{STATUS_LABEL[a.status]}</td>
                <td>
                  <button
                    type='button'
                    className={buttonLink}
                    aria-expanded={expanded}
                    aria-controls={detailsId}
                    aria-label={`${expanded ? 'Hide' : 'Show'} ${a.name}’s application`}
                    onClick={() => setOpen(expanded ? null : a.id)}
                  >
                    {expanded ? 'Hide' : 'Show'}
                  </button>
                </td>
              </tr>
              <tr id={detailsId} hidden={!expanded}>
                <td colSpan={5}>{expanded && <ApplicationDetails application={a} />}</td>
              </tr>
            </Fragment>
          )
        }}
      </DataTable>
    </>
  )
}
