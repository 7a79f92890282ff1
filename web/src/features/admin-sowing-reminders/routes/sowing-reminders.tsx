// /admin/sowing-reminders: who signed up for the monthly seed-sowing e-mail, newest first, with
// the count, what each agreed to and whether they have unsubscribed; search by e-mail; as CSV.
import { css } from 'goober'
import { useMemo, useState } from 'react'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { usePaged } from '@/components/admin/list-screen'
import { buttonSecondary } from '@/components/styles'
import { downloadText } from '@/lib/admin/csv'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type SowingSignup, useSignups } from '../api/get-signups'
import { signupsCsv } from '../api/signups-csv'
import { muted, noWrap } from '@/components/admin/styles'
import { shortDate } from '@/lib/dates'

// Doubled to outweigh the table's th rule (bold, no wrapping).
const emailCell = css`
  && {
    font-weight: 400;
    overflow-wrap: anywhere;
  }
`

export const PAGE_SIZE = 50

const plural = (n: number) => `${n} ${n === 1 ? 'sign-up' : 'sign-ups'}`

export type SubscribedFilter = '' | 'subscribed' | 'unsubscribed'

export function filterSignups(
  rows: readonly SowingSignup[],
  search: string,
  subscribed: SubscribedFilter,
): SowingSignup[] {
  const q = search.trim().toLowerCase()
  return rows.filter(
    (s) =>
      (q === '' || s.email.toLowerCase().includes(q) || (s.name ?? '').toLowerCase().includes(q)) &&
      (subscribed === '' || (subscribed === 'subscribed') === (s.unsubscribed_at === null)),
  )
}

export function AdminSowingRemindersRoute() {
  usePageMeta('Sowing reminder sign-ups')
  const signups = useSignups()
  const [search, setSearch] = useState('')
  const [subscribed, setSubscribed] = useState<SubscribedFilter>('')
  const all = signups.data?.rows
  const rows = useMemo(() => filterSignups(all ?? [], search, subscribed), [all, search, subscribed])
  const { page, setPage, pages, shown } = usePaged(rows, PAGE_SIZE, [search, subscribed])
  const total = signups.data?.total ?? 0
  const active = (all ?? []).filter((s) => s.unsubscribed_at === null).length
  const exportCsv = () => {
    downloadText(signupsCsv(rows), `sowing-reminder-signups-${new Date().toISOString().slice(0, 10)}.csv`)
    toast.success(`Exported ${plural(rows.length)}`)
  }
  return (
    <>
      <PageHeader title='Sowing reminder sign-ups'>
        <button type='button' className={buttonSecondary} onClick={exportCsv} disabled={rows.length === 0}>
          Export CSV
        </button>
      </PageHeader>
      {signups.data && (
        <p role='status'>
          {plural(total)} in all, {active} still subscribed
          {total > (all?.length ?? 0) ? ` (the newest ${all?.length} are listed)` : ''}.
        </p>
      )}
      <div className={toolbar} role='search' aria-label='Filter sign-ups'>
        <Field label='Search'>
          <input
            type='search'
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder='E-mail or name'
          />
        </Field>
        <Field label='Subscription'>
          <select value={subscribed} onChange={(e) => setSubscribed(e.target.value as SubscribedFilter)}>
            <option value=''>Everyone</option>
            <option value='subscribed'>Still subscribed</option>
            <option value='unsubscribed'>Unsubscribed</option>
          </select>
        </Field>
      </div>
      {signups.isPending && <Status>Loading sign-ups…</Status>}
      {signups.isError && <ErrorNotice title='The sign-ups could not be loaded' message={signups.error.message} />}
      <DataTable
        rows={all && shown}
        head={['Signed up', 'E-mail', 'Name', 'Signed up for', 'Subscription']}
        caption={<>{rows.length === all?.length ? plural(rows.length) : `${plural(rows.length)} match`}</>}
        label='Sign-ups'
        empty={all?.length === 0 ? 'Nobody has signed up for sowing reminders yet.' : 'No sign-up matches this search.'}
        pager={{ page, pages, onPage: setPage }}
      >
        {(s) => (
          <tr key={s.id}>
            <td className={noWrap}>{shortDate(s.created_at)}</td>
            <th scope='row' className={emailCell}>
              {s.email}
            </th>
            <td>{s.name ?? '—'}</td>
            <td>
              Monthly sowing reminders
              <br />
              <span className={muted}>“{s.consent_text}”</span>
            </td>
            <td>{s.unsubscribed_at ? `Unsubscribed ${shortDate(s.unsubscribed_at)}` : 'Subscribed'}</td>
          </tr>
        )}
      </DataTable>
    </>
  )
}
