// /admin/arrears: members behind with their rent (docs/billing.md), for admins (every site) and
// patch managers (their own sites: site_arrears decides). A site filter, the table with its
// totals, and the rows as CSV for a spreadsheet. Read only: the payment provider's retries, the
// reminders and suspension are the database's and the payments function's.
import { useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { buttonSecondary } from '@/components/styles'
import { DataTable } from '@/components/admin/DataTable'
import { breakAll, noWrap } from '@/components/admin/styles'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { downloadText } from '@/lib/admin/csv'
import { formatPence } from '@/lib/admin/money'
import { shortDate, ukDay } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { ARREARS_STATUS, arrearsCsv } from '../api/arrears-csv'
import { arrearsSites, arrearsTotals, useArrears } from '../api/get-arrears'

const HEAD = [
  'Member',
  'E-mail',
  'Site',
  'Plot',
  { label: 'Owed', num: true },
  'Overdue since',
  { label: 'Open invoices', num: true },
  'Status',
]

export function AdminArrearsRoute() {
  usePageMeta('Arrears')
  const [site, setSite] = useState('')
  const all = useArrears(null)
  const siteId = site ? Number(site) : null
  const shown = useArrears(siteId)
  const rows = shown.data
  const sites = arrearsSites(all.data ?? [])
  const totals = arrearsTotals(rows ?? [])
  const siteName = sites.find((s) => s.id === siteId)?.name
  const exportCsv = () => {
    if (!rows) return
    const slug = siteName ? siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-') : 'all-sites'
    downloadText(arrearsCsv(rows), `arrears-${slug}-${ukDay()}.csv`)
  }
  return (
    <>
      <PageHeader title='Arrears'>
        <button type='button' className={buttonSecondary} onClick={exportCsv} disabled={!rows || rows.length === 0}>
          Export CSV
        </button>
      </PageHeader>
      <p>
        Members whose rent payment failed, oldest first. The provider retries the payment; reminders go out and a
        membership is suspended after the grace period by themselves.
      </p>
      <div className={toolbar} role='search'>
        <Field label='Site' hint='Sites with members in arrears'>
          <select value={site} onChange={(e) => setSite(e.target.value)}>
            <option value=''>All your sites</option>
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {shown.isPending && <Status>Loading the arrears…</Status>}
      {shown.isError && <ErrorNotice title='The arrears could not be loaded' message={shown.error.message} />}
      {rows && rows.length > 0 && (
        <p role='status' data-testid='arrears-summary'>
          {totals.members === 1 ? '1 member owes' : `${totals.members} members owe`}{' '}
          <strong>{formatPence(totals.owed_pence)}</strong>
          {siteName ? ` at ${siteName}` : ''} ({totals.open_invoices} failed payment
          {totals.open_invoices === 1 ? '' : 's'}).
        </p>
      )}
      <DataTable
        rows={rows}
        head={HEAD}
        label={siteName ? `Arrears at ${siteName}` : 'Arrears'}
        empty={siteName ? `Nobody at ${siteName} is behind with their rent.` : 'Nobody is behind with their rent.'}
        after={
          rows &&
          rows.length > 1 && (
            <tr>
              <th scope='row' colSpan={4}>
                Total, {totals.members} members
              </th>
              <td className='num'>
                <strong>{formatPence(totals.owed_pence)}</strong>
              </td>
              <td />
              <td className='num'>
                <strong>{totals.open_invoices}</strong>
              </td>
              <td />
            </tr>
          )
        }
      >
        {(r) => (
          <tr key={r.membership_id} data-testid='arrears-row'>
            <td>
              <Link href={`~${adminPaths.adminMember.getHref({ id: String(r.membership_id) })}`}>{r.member_name}</Link>
            </td>
            <td className={breakAll}>{r.email}</td>
            <td>{r.site}</td>
            <td>{r.plot_number ?? '—'}</td>
            <td className='num'>{formatPence(r.amount_pence)}</td>
            <td className={noWrap}>{shortDate(r.since)}</td>
            <td className='num'>{r.open_invoices}</td>
            <td>{ARREARS_STATUS[r.status] ?? r.status}</td>
          </tr>
        )}
      </DataTable>
    </>
  )
}
