// /admin/marketing: spend per site and per campaign over a date range, waiting-list sign-ups and
// cost per sign-up, and the tag-manager id setting.
import { useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { pounds } from '../api/expense-schema'
import { useExpenses } from '../api/get-expenses'
import { spendByCampaign, useSummary } from '../api/get-summary'
import { type GtmIdFormValues, useGtmId, useSaveGtmId } from '../api/gtm-id'
import { GtmIdForm } from '../components/GtmIdForm'

const isoDay = (d: Date) => d.toISOString().slice(0, 10)
export const defaultRange = (now = new Date()) => ({
  from: isoDay(new Date(now.getTime() - 89 * 86_400_000)),
  to: isoDay(now),
})

export function AdminMarketingRoute() {
  usePageMeta('Marketing')
  const [range, setRange] = useState(defaultRange)
  const valid = range.from !== '' && range.to !== '' && range.to >= range.from
  const summary = useSummary(range.from, range.to)
  const expenses = useExpenses({ siteId: '', from: valid ? range.from : '', to: valid ? range.to : '' })
  const gtm = useGtmId()
  const saveGtm = useSaveGtmId()
  const onSaveGtm = async (v: GtmIdFormValues) => {
    try {
      await saveGtm.mutateAsync(v)
      toast.success('Tag-manager id saved')
      return null
    } catch (e) {
      return (e as Error).message
    }
  }
  const sites = summary.data?.filter((r) => r.site_id !== null) ?? []
  const total = summary.data?.find((r) => r.site_id === null)
  const campaigns = spendByCampaign(expenses.data ?? [])
  return (
    <>
      <PageHeader title='Marketing'>
        <Link href={`~${adminPaths.adminMarketingExpenses.getHref()}`} className={buttonSecondary}>
          Expenses
        </Link>
      </PageHeader>
      <div className={toolbar}>
        <Field label='From' {...(valid ? {} : { error: 'The end may not be before the start.' })}>
          <input type='date' value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </Field>
        <Field label='To'>
          <input type='date' value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </Field>
      </div>
      <h2>Cost per waiting-list sign-up</h2>
      {valid && summary.isPending && <Status>Loading the figures…</Status>}
      {summary.isError && <ErrorNotice title='The figures could not be loaded' message={summary.error.message} />}
      <DataTable
        rows={sites}
        head={[
          'Site',
          { label: 'Spend', num: true },
          { label: 'Sign-ups', num: true },
          { label: 'Cost per sign-up', num: true },
        ]}
        caption={
          <>
            Spend and sign-ups per site, {range.from} to {range.to}
          </>
        }
        label='Spend and sign-ups per site'
        empty='No spend and no sign-ups in these dates.'
        after={
          total && (
            <tr>
              <th scope='row'>All sites (with spend on every site)</th>
              <td className='num'>{pounds(total.spend_pence)}</td>
              <td className='num'>{total.signups}</td>
              <td className='num'>{pounds(total.cost_per_signup_pence)}</td>
            </tr>
          )
        }
      >
        {(r) => (
          <tr key={r.site_id}>
            <td>{r.location}</td>
            <td className='num'>{pounds(r.spend_pence)}</td>
            <td className='num'>{r.signups}</td>
            <td className='num'>{pounds(r.cost_per_signup_pence)}</td>
          </tr>
        )}
      </DataTable>
      <h2>Campaigns</h2>
      {expenses.isError && <ErrorNotice title='The campaigns could not be loaded' message={expenses.error.message} />}
      <DataTable
        rows={campaigns}
        head={['Campaign', { label: 'Expenses', num: true }, { label: 'Spend', num: true }]}
        label='Campaign spend'
        empty='No campaign spend in these dates.'
      >
        {(c) => (
          <tr key={c.campaign}>
            <td>{c.campaign}</td>
            <td className='num'>{c.count}</td>
            <td className='num'>{pounds(c.pence)}</td>
          </tr>
        )}
      </DataTable>
      <h2>Tag manager</h2>
      {gtm.isPending && <Status>Loading the setting…</Status>}
      {gtm.isError && <ErrorNotice title='The setting could not be loaded' message={gtm.error.message} />}
      {gtm.isSuccess && <GtmIdForm initial={gtm.data ?? ''} onSave={onSaveGtm} />}
    </>
  )
}
